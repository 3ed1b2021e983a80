package io.proxybench.tomcat.tls;

import io.proxybench.core.tls.PemCredentials;
import io.proxybench.core.tls.TlsSettings;
import io.proxybench.tomcat.connector.ConnectorKind;
import io.proxybench.tomcat.connector.EndpointFigures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.http11.AbstractHttp11JsseProtocol;
import org.apache.tomcat.jni.SSL;
import org.apache.tomcat.jni.SSLContext;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.apache.tomcat.util.net.jsse.JSSEImplementation;
import org.apache.tomcat.util.net.openssl.OpenSSLImplementation;

/**
 * The client connector's TLS: one default {@link SSLHostConfig} with the PEM chain and key, the
 * configured protocols, the strong ciphers (server's order) and ALPN {@code http/1.1}. With
 * {@code tls.resumption=false}: OpenSSL gets no tickets ({@code disableSessionTickets}) and, once the
 * connector has made its native context, no session cache either (which OpenSSL 3's TLS 1.3 would
 * otherwise use for stateful tickets); JSSE gets {@link SessionDiscardingJsse}.
 *
 * <p>Tomcat has no handshake timeout of its own: the handshake is bounded by the connector's
 * {@code connectionTimeout} like the request head that follows it.
 */
public final class ConnectorTls {

    private final TlsSettings settings;
    private final TlsImplementation implementation;
    private final SSLHostConfig host;
    private final String keyType;

    private ConnectorTls(TlsSettings settings, TlsImplementation implementation, SSLHostConfig host, String keyType) {
        this.settings = settings;
        this.implementation = implementation;
        this.host = host;
        this.keyType = keyType;
    }

    /** Makes {@code connector} (its protocol handler from {@code kind}) serve TLS; call before Tomcat starts. */
    public static ConnectorTls configure(
            TlsSettings settings, TlsImplementation implementation, ConnectorKind kind, Connector connector) {
        // Read here too, so that a bad file is one clear line before Tomcat starts, and for the key's type.
        PemCredentials credentials = PemCredentials.read(settings.certificateChain(), settings.privateKey());
        connector.setScheme("https");
        connector.setSecure(true);
        connector.setProperty("SSLEnabled", "true");
        SSLHostConfig host = new SSLHostConfig();
        host.setProtocols(String.join(",", settings.protocols()));
        host.setCiphers(String.join(",", settings.ciphers()));
        host.setHonorCipherOrder(true);
        host.setDisableSessionTickets(!settings.resumption());
        SSLHostConfigCertificate certificate =
                new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setCertificateFile(settings.certificateChain().toString());
        certificate.setCertificateKeyFile(settings.privateKey().toString());
        host.addCertificate(certificate);
        connector.addSslHostConfig(host);
        if (kind != ConnectorKind.APR) {
            ((AbstractHttp11JsseProtocol<?>) connector.getProtocolHandler())
                    .setSslImplementationName(implementationClass(implementation, settings.resumption()));
        }
        // Tomcat offers ALPN only for the protocols it is told to negotiate.
        ((EndpointFigures) connector.getProtocolHandler()).endpoint().addNegotiatedProtocol(TlsSettings.ALPN_HTTP11);
        return new ConnectorTls(settings, implementation, host, credentials.keyType());
    }

    /** After Tomcat started the connector: what only the native context can be told. */
    public void started() {
        Long context = host.getOpenSslContext();
        if (!settings.resumption() && implementation == TlsImplementation.OPENSSL && context != null) {
            SSLContext.setSessionCacheMode(context, SSL.SSL_SESS_CACHE_OFF);
        }
    }

    public TlsImplementation implementation() {
        return implementation;
    }

    /** What the connector's TLS resolved to, for {@code /resolved}: enabled protocols and ciphers once started. */
    public Map<String, String> resolved() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("tls.enabled", "true");
        out.put("tls.provider", implementation.configName());
        out.put("tls.protocols", joined(host.getEnabledProtocols(), settings.protocols()));
        out.put("tls.ciphers", joined(host.getEnabledCiphers(), settings.ciphers()));
        out.put("tls.alpn", TlsSettings.ALPN_HTTP11);
        out.put("tls.resumption", Boolean.toString(settings.resumption()));
        out.put("tls.handshakeTimeout", "bounded by connectionTimeout");
        out.put("tls.keyType", keyType);
        return out;
    }

    /** One line for the start log. */
    public String describe() {
        return implementation.configName() + ", " + String.join("/", settings.protocols()) + ", " + keyType
                + " key, resumption " + (settings.resumption() ? "on" : "off");
    }

    private static String implementationClass(TlsImplementation implementation, boolean resumption) {
        if (implementation == TlsImplementation.OPENSSL) {
            return OpenSSLImplementation.class.getName();
        }
        return resumption ? JSSEImplementation.class.getName() : SessionDiscardingJsse.class.getName();
    }

    private static String joined(String[] enabled, List<String> configured) {
        return String.join(",", enabled == null || enabled.length == 0 ? configured : List.of(enabled));
    }
}
