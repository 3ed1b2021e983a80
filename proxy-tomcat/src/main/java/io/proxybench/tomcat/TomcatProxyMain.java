package io.proxybench.tomcat;

import io.proxybench.core.server.ProxyLauncher;

/** {@code java -jar proxy-tomcat.jar --route /=127.0.0.1:9000 [--profile reference] [--set tomcat.connector=nio]}. */
public final class TomcatProxyMain {

    private TomcatProxyMain() {}

    public static void main(String[] args) {
        System.exit(ProxyLauncher.run(new TomcatProxyFactory(), args));
    }
}
