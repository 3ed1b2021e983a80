package io.proxybench.core.conformance;

import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.conformance.cases.AdminCases;
import io.proxybench.core.conformance.cases.BodyCases;
import io.proxybench.core.conformance.cases.ClientAbortCases;
import io.proxybench.core.conformance.cases.ClientTimeoutCases;
import io.proxybench.core.conformance.cases.ConnectionReuseCases;
import io.proxybench.core.conformance.cases.DesyncFuzzCases;
import io.proxybench.core.conformance.cases.FilterCases;
import io.proxybench.core.conformance.cases.ForwardingCases;
import io.proxybench.core.conformance.cases.FramingCases;
import io.proxybench.core.conformance.cases.HeaderCases;
import io.proxybench.core.conformance.cases.OriginFaultCases;
import io.proxybench.core.conformance.cases.RequestLimitCases;
import io.proxybench.core.server.ProxyServerFactory;

/**
 * The behaviour every front end must show, checked against the real stub origin (and a recording
 * origin for what only it can observe). A front end's test subclasses this and names its
 * {@link ProxyServerFactory}; the suite starts it the way the shared launcher would, from a
 * {@link ConfigLoader} over the factory's schema:
 *
 * <pre>{@code
 * class NettyConformanceTest extends ProxyConformanceSuite {
 *     protected ProxyServerFactory frontEnd() { return new NettyProxyFactory(); }
 * }
 * class NettyReferenceLayoutConformanceTest extends ProxyConformanceSuite {
 *     protected ProxyServerFactory frontEnd() { return new NettyProxyFactory(); }
 *     protected String profile() { return "reference"; }
 * }
 * }</pre>
 *
 * Settings: see {@link ConformanceHarness}. The cases live in the interfaces of
 * {@code conformance.cases}, one concern each.
 */
public abstract class ProxyConformanceSuite extends ConformanceHarness
        implements ForwardingCases,
                BodyCases,
                ConnectionReuseCases,
                HeaderCases,
                OriginFaultCases,
                RequestLimitCases,
                FilterCases,
                ClientAbortCases,
                ClientTimeoutCases,
                AdminCases,
                FramingCases,
                DesyncFuzzCases {}
