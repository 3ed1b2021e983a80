package io.proxybench.core.tls;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * {@code tls.resumption=false} for the JDK's engine (Netty's jdk provider, Tomcat's JSSE), which has no
 * switch for it: the server's key is
 * chosen in every full handshake after its new session exists, and invalidating that session there
 * keeps the JDK from caching it or issuing a ticket for it (TLS 1.2 and 1.3 both), so no later
 * handshake can resume it. The connection itself goes on with it.
 */
public final class SessionDiscardingKeys extends X509ExtendedKeyManager {

    private final X509ExtendedKeyManager keys;

    public SessionDiscardingKeys(X509ExtendedKeyManager keys) {
        this.keys = keys;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        SSLSession session = engine == null ? null : engine.getHandshakeSession();
        if (session != null) {
            session.invalidate();
        }
        return keys.chooseEngineServerAlias(keyType, issuers, engine);
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return keys.getClientAliases(keyType, issuers);
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return keys.chooseClientAlias(keyType, issuers, socket);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return keys.getServerAliases(keyType, issuers);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return keys.chooseServerAlias(keyType, issuers, socket);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return keys.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return keys.getPrivateKey(alias);
    }
}
