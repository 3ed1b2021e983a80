package io.proxybench.core.conformance;

import io.proxybench.common.tls.KeyType;
import io.proxybench.common.tls.PemFiles;
import io.proxybench.common.tls.ThrowAwayPki;
import io.proxybench.core.conformance.cases.BodyCases;
import io.proxybench.core.conformance.cases.ForwardingCases;
import io.proxybench.core.conformance.cases.FramingCases;
import io.proxybench.core.conformance.cases.HeaderCases;
import io.proxybench.core.conformance.tls.TlsClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.Map;

/**
 * The conformance cases where TLS must change nothing a client or origin sees — forwarding, bodies,
 * headers and request framing (the smuggling cases) — run over TLS 1.3 on the client port. The cases
 * that depend on the TCP connection itself (half-close, aborts, timeouts, reuse counts) stay with the
 * plain suite: under TLS a half-close is a close_notify, which the front ends treat differently.
 */
public abstract class TlsConformanceSuite extends ConformanceHarness
        implements ForwardingCases, BodyCases, HeaderCases, FramingCases {

    private PemFiles pem;
    private TlsClient client;

    /**
     * Not run over TLS: the client's FIN becomes a close_notify alert, after which a TLS server is not
     * expected to answer. Declared here without {@code @Test}, so JUnit leaves it out.
     */
    @Override
    public void halfClosedClientGetsItsAnswers() {}

    @Override
    public String scheme() {
        return "https";
    }

    @Override
    protected TlsClient tlsClient() {
        credentials();
        return client;
    }

    @Override
    protected Map<String, String> suiteSettings() {
        credentials();
        Map<String, String> settings = super.suiteSettings();
        settings.put("tls.enabled", "true");
        settings.put("tls.cert", pem.certificateChain().toString());
        settings.put("tls.key", pem.privateKey().toString());
        return settings;
    }

    /** Made on first use: the harness starts the shared proxy before a subclass's own set-up runs. */
    private synchronized void credentials() {
        if (pem != null) {
            return;
        }
        try {
            Path dir = Files.createTempDirectory("proxybench-tls-conformance-");
            dir.toFile().deleteOnExit();
            pem = ThrowAwayPki.write(dir, KeyType.ECDSA_P256, List.of("127.0.0.1"));
            for (Path file : List.of(pem.certificateChain(), pem.privateKey(), pem.caCertificate())) {
                file.toFile().deleteOnExit();
            }
            client = new TlsClient(ThrowAwayPki.readCertificate(pem.caCertificate()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
