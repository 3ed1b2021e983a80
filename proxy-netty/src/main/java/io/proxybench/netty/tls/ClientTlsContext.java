package io.proxybench.netty.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolConfig.Protocol;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior;
import io.netty.handler.ssl.OpenSslServerSessionContext;
import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.netty.internal.tcnative.SSL;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.tls.PemCredentials;
import io.proxybench.core.tls.SessionDiscardingKeys;
import io.proxybench.core.tls.TlsSettings;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The client port's TLS: one server context, built at start from {@link TlsSettings} with the chosen
 * {@link TlsProvider}, and from it one {@link SslHandler} per connection. Offers only the
 * {@link io.proxybench.core.tls.StrongCiphers} of the configured protocols and ALPN {@code http/1.1}.
 * With {@code tls.resumption=false} neither tickets nor the session cache are used: OpenSSL is told
 * so per connection ({@code SSL_OP_NO_TICKET}, which BoringSSL honours for TLS 1.3 too) and per context
 * (cache off); the JDK through {@link SessionDiscardingKeys}.
 */
public final class ClientTlsContext implements AutoCloseable {

    private final SslContext context;
    private final TlsProvider provider;
    private final TlsSettings settings;
    private final String keyType;
    private final List<String> protocols;
    private final List<String> ciphers;

    private ClientTlsContext(
            SslContext context, TlsProvider provider, TlsSettings settings, String keyType, ByteBufAllocator alloc) {
        this.context = context;
        this.provider = provider;
        this.settings = settings;
        this.keyType = keyType;
        // What an engine really enables, after the provider dropped what it does not support.
        SSLEngine probe = context.newEngine(alloc);
        try {
            // Netty's OpenSSL engine lists the SSLv2Hello pseudo-protocol too: not a version anyone negotiates.
            this.protocols = Arrays.stream(probe.getEnabledProtocols())
                    .filter(p -> !p.equals("SSLv2Hello"))
                    .toList();
            this.ciphers = List.of(probe.getEnabledCipherSuites());
        } finally {
            ReferenceCountUtil.release(probe);
        }
    }

    /** @throws IllegalArgumentException naming the file when the certificate or key cannot be used */
    public static ClientTlsContext create(TlsSettings settings, TlsProvider provider, ByteBufAllocator alloc)
            throws SSLException {
        PemCredentials credentials = PemCredentials.read(settings.certificateChain(), settings.privateKey());
        SslContextBuilder builder = provider == TlsProvider.JDK && !settings.resumption()
                ? SslContextBuilder.forServer(sessionDiscarding(credentials))
                : SslContextBuilder.forServer(credentials.key(), credentials.chain());
        SslContext context = builder.sslProvider(provider.netty())
                .protocols(settings.protocols())
                .ciphers(settings.ciphers(), SupportedCipherSuiteFilter.INSTANCE)
                .applicationProtocolConfig(new ApplicationProtocolConfig(
                        Protocol.ALPN,
                        SelectorFailureBehavior.NO_ADVERTISE,
                        SelectedListenerFailureBehavior.ACCEPT,
                        TlsSettings.ALPN_HTTP11))
                .build();
        if (!settings.resumption() && context.sessionContext() instanceof OpenSslServerSessionContext openSsl) {
            openSsl.setSessionCacheEnabled(false);
        }
        return new ClientTlsContext(context, provider, settings, credentials.keyType(), alloc);
    }

    /** A new connection's TLS handler, to go first in its pipeline. */
    public SslHandler newHandler(Channel channel) {
        SSLEngine engine = context.newEngine(channel.alloc());
        if (!settings.resumption() && engine instanceof ReferenceCountedOpenSslEngine openSsl) {
            SSL.setOptions(openSsl.sslPointer(), SSL.SSL_OP_NO_TICKET);
        }
        SslHandler handler = new SslHandler(engine);
        handler.setHandshakeTimeoutMillis(settings.handshakeTimeout().toMillis());
        return handler;
    }

    /** The handler that counts {@code handler}'s handshake; it leaves the pipeline once it has. */
    public HandshakeOutcomeHandler newOutcomeHandler(SslHandler handler, ProxyMetrics metrics) {
        return new HandshakeOutcomeHandler(handler, provider, metrics);
    }

    public TlsProvider provider() {
        return provider;
    }

    /** What the client port's TLS resolved to, for {@code /resolved}. */
    public Map<String, String> resolved() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("tls.enabled", "true");
        out.put("tls.provider", provider.configName());
        out.put("tls.library", provider.library());
        out.put("tls.protocols", String.join(",", protocols));
        out.put("tls.ciphers", String.join(",", ciphers));
        out.put("tls.alpn", TlsSettings.ALPN_HTTP11);
        out.put("tls.resumption", Boolean.toString(settings.resumption()));
        out.put("tls.handshakeTimeout", settings.handshakeTimeout().toMillis() + "ms");
        out.put("tls.keyType", keyType);
        return out;
    }

    /** One line for the start log. */
    public String describe() {
        return provider.configName() + " (" + provider.library() + "), " + String.join("/", protocols) + ", "
                + ciphers.size() + " cipher suites, " + keyType + " key, resumption "
                + (settings.resumption() ? "on" : "off");
    }

    /** Frees OpenSSL's native context; connections still open keep theirs until they close. */
    @Override
    public void close() {
        ReferenceCountUtil.release(context);
    }

    private static KeyManager sessionDiscarding(PemCredentials credentials) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(
                    "server",
                    credentials.key(),
                    new char[0],
                    credentials.chain().toArray(new X509Certificate[0]));
            KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            factory.init(store, new char[0]);
            for (KeyManager manager : factory.getKeyManagers()) {
                if (manager instanceof X509ExtendedKeyManager keys) {
                    return new SessionDiscardingKeys(keys);
                }
            }
            throw new IllegalStateException("the JDK offers no X509ExtendedKeyManager");
        } catch (java.io.IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("tls.key: cannot be used by the JDK's engine (" + e.getMessage() + ")");
        }
    }
}
