package io.proxybench.loadtest.orchestrate;

import io.proxybench.common.tls.HandshakeProbe;
import io.proxybench.common.tls.PemFiles;
import io.proxybench.common.tls.ThrowAwayPki;
import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.TlsSettings;
import io.proxybench.loadtest.results.TlsHandshake;
import io.proxybench.loadtest.sample.ResolvedSettingsReader;
import java.io.IOException;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What run.json records of a front end once it is healthy, read from the front end itself: the
 * settings it resolved ({@code /resolved}) and, on a {@code --tls} run, what its TLS port really
 * negotiates ({@link HandshakeProbe}).
 */
final class FrontEndStartReadings {

    private static final Logger LOG = LoggerFactory.getLogger(FrontEndStartReadings.class);

    private final TlsSettings tls;
    private final PemFiles pem;

    /** @param pem the run's certificate files; null on a plain run */
    FrontEndStartReadings(TlsSettings tls, PemFiles pem) {
        this.tls = tls;
        this.pem = pem;
    }

    /** What the proxy resolved at start, logged and recorded; null without an admin port or an answer. */
    Map<String, String> resolved(FrontEndSpec spec, RunningServer frontEnd) {
        URI uri = frontEnd.adminUri(ResolvedSettingsReader.PATH);
        if (uri == null) {
            return null;
        }
        try {
            Map<String, String> resolved = new ResolvedSettingsReader().read(uri);
            if (!resolved.isEmpty()) {
                LOG.info("[{}] resolved at start: {}", spec.label(), resolved);
            }
            return resolved;
        } catch (IOException e) {
            LOG.warn(
                    "[{}] admin {} did not answer, run.json will not say what it resolved: {}",
                    spec.label(),
                    ResolvedSettingsReader.PATH,
                    e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /** What the front end's TLS port negotiates with a client trusting the run's CA; null on a plain run. */
    TlsHandshake tls(FrontEndSpec spec, RunningServer frontEnd, Map<String, String> resolved) {
        if (pem == null || !frontEnd.tls()) {
            return null;
        }
        String provider = provider(spec, resolved);
        try {
            HandshakeProbe.Negotiated negotiated = HandshakeProbe.probe(
                    frontEnd.control().getHostString(),
                    frontEnd.control().getPort(),
                    ThrowAwayPki.readCertificate(pem.caCertificate()),
                    null);
            TlsHandshake found = new TlsHandshake(
                    negotiated.protocol(),
                    negotiated.cipherSuite(),
                    negotiated.alpn(),
                    pem.keyType().configName(),
                    provider,
                    tls.resumption().id(),
                    negotiated.resumed(),
                    null);
            LOG.info("[{}] TLS: {}", spec.label(), found.describe());
            return found;
        } catch (IOException | GeneralSecurityException e) {
            LOG.warn("[{}] TLS handshake probe failed: {}", spec.label(), e.getMessage());
            return new TlsHandshake(
                    null,
                    null,
                    null,
                    pem.keyType().configName(),
                    provider,
                    tls.resumption().id(),
                    null,
                    e.getMessage());
        }
    }

    /** The engine behind the port, as the proxy resolved it; the system's OpenSSL for nginx and HAProxy. */
    static String provider(FrontEndSpec spec, Map<String, String> resolved) {
        if (spec.kind() == FrontEndKind.EXTERNAL) {
            // a definition of the user's own says nothing of the engine behind its port
            return null;
        }
        if (!spec.kind().isJvm()) {
            return "openssl (" + spec.kind().id() + ")";
        }
        if (resolved == null || resolved.get("tls.provider") == null) {
            return null;
        }
        String library = resolved.get("tls.library");
        return resolved.get("tls.provider") + (library == null || library.isBlank() ? "" : " (" + library + ")");
    }
}
