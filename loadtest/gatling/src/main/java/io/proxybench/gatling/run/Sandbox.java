package io.proxybench.gatling.run;

import java.nio.file.Path;

/**
 * Keeps a Gatling run on this machine and inside its results directory. Gatling itself, besides
 * the load, sends usage analytics, checks Maven Central for a newer release on every start (and
 * stores the answer with {@code java.util.prefs} under the user's home), and warms its HTTP stack
 * up on an outside site. Each is switched off here before any Gatling class loads.
 */
final class Sandbox {

    /** Nothing listens here; a JDK URL connection that would leave the machine fails at once. */
    static final String DEAD_PROXY_HOST = "127.0.0.1";

    static final String DEAD_PROXY_PORT = "9";

    private Sandbox() {}

    static void apply(Path resultsDir) {
        // Gatling's own settings; also in gatling.conf, repeated so that another conf cannot undo them
        System.setProperty("gatling.data.enableAnalytics", "false");
        System.setProperty("gatling.http.warmUpUrl", "");
        // the release check and the analytics use java.net.URL, which honours these; the load goes
        // through Gatling's own Netty client, which does not
        for (String scheme : new String[] {"http", "https"}) {
            System.setProperty(scheme + ".proxyHost", DEAD_PROXY_HOST);
            System.setProperty(scheme + ".proxyPort", DEAD_PROXY_PORT);
        }
        System.setProperty("http.nonProxyHosts", "");
        Path prefs = resultsDir.resolve(".java-prefs").toAbsolutePath();
        System.setProperty("java.util.prefs.userRoot", prefs.toString());
        System.setProperty("java.util.prefs.systemRoot", prefs.toString());
        if (System.getProperty("io.netty.native.workdir") == null) {
            System.setProperty(
                    "io.netty.native.workdir",
                    resultsDir.resolve(".native").toAbsolutePath().toString());
        }
    }
}
