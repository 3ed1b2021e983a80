package io.proxybench.tomcat.tls;

import io.proxybench.core.tls.SessionDiscardingKeys;
import javax.net.ssl.KeyManager;
import javax.net.ssl.X509ExtendedKeyManager;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.apache.tomcat.util.net.SSLUtil;
import org.apache.tomcat.util.net.jsse.JSSEImplementation;
import org.apache.tomcat.util.net.jsse.JSSEUtil;

/**
 * Tomcat's JSSE with {@code tls.resumption=false}: its key managers are wrapped in
 * {@link SessionDiscardingKeys}, since JSSE itself cannot be told not to resume. Named to Tomcat by
 * class ({@code sslImplementationName}), so it keeps a public no-argument constructor.
 */
public final class SessionDiscardingJsse extends JSSEImplementation {

    @Override
    public SSLUtil getSSLUtil(SSLHostConfigCertificate certificate) {
        return new JSSEUtil(certificate) {
            @Override
            public KeyManager[] getKeyManagers() throws Exception {
                KeyManager[] managers = super.getKeyManagers();
                for (int i = 0; i < managers.length; i++) {
                    if (managers[i] instanceof X509ExtendedKeyManager keys) {
                        managers[i] = new SessionDiscardingKeys(keys);
                    }
                }
                return managers;
            }
        };
    }
}
