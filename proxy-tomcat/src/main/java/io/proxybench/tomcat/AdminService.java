package io.proxybench.tomcat;

import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import io.proxybench.tomcat.admin.AdminServlet;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardEngine;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.core.StandardService;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * The admin port: a second Tomcat service with its own small NIO connector, engine and servlet, so
 * that admin requests never reach the proxy servlet nor take one of its request threads, and the
 * proxy connector can be paused for a drain while /health still answers.
 */
final class AdminService {

    private static final int THREADS = 4;

    private AdminService() {}

    /** Adds the service to {@code tomcat}'s server; returns its connector. */
    static Connector install(Tomcat tomcat, ProxyConfig config, AdminEndpoints endpoints) {
        Http11NioProtocol protocol = new Http11NioProtocol();
        protocol.setMaxThreads(THREADS);
        protocol.setMinSpareThreads(1);
        protocol.setAcceptCount(64);
        protocol.setKeepAliveTimeout(5_000);
        Connector connector = new Connector(protocol);
        connector.setPort(config.get(ProxyConfigKeys.ADMIN_PORT));
        connector.setProperty("address", config.get(ProxyConfigKeys.ADMIN_BIND));
        connector.setXpoweredBy(false);

        StandardService service = new StandardService();
        service.setName("admin");
        StandardEngine engine = new StandardEngine();
        engine.setName("admin");
        engine.setDefaultHost("localhost");
        StandardHost host = new StandardHost();
        host.setName("localhost");
        host.setAutoDeploy(false);
        engine.addChild(host);
        service.setContainer(engine);
        service.addConnector(connector);
        tomcat.getServer().addService(service);
        ServletMount.mount(tomcat.addContext(host, "", null), "admin", new AdminServlet(endpoints));
        return connector;
    }
}
