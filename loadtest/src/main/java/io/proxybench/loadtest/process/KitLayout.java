package io.proxybench.loadtest.process;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where the kit's jars are: under the repository root given by {@code -Dproxybench.home} (the
 * launcher sets it), else the root this jar was built in ({@code loadtest/target/..}/..), else the
 * working directory. {@code -Dproxybench.jar.<origin|netty|tomcat|loadgen>=FILE} points at another jar.
 */
public final class KitLayout {

    public static final String HOME_PROPERTY = "proxybench.home";

    private final Path home;
    /** A front end's own proxy jar by label: one built at another git revision. */
    private final Map<String, Path> proxyJarsByLabel;

    public KitLayout(Path home) {
        this(home, Map.of());
    }

    private KitLayout(Path home, Map<String, Path> proxyJarsByLabel) {
        this.home = home.toAbsolutePath().normalize();
        this.proxyJarsByLabel = Map.copyOf(proxyJarsByLabel);
    }

    /** This layout with the front end labelled {@code label} running {@code jar} instead of its kind's jar. */
    public KitLayout withProxyJar(String label, Path jar) {
        Map<String, Path> jars = new HashMap<>(proxyJarsByLabel);
        jars.put(label, jar.toAbsolutePath());
        return new KitLayout(home, jars);
    }

    public static KitLayout locate() {
        String property = System.getProperty(HOME_PROPERTY);
        if (property != null && !property.isBlank()) {
            return new KitLayout(Path.of(property));
        }
        return new KitLayout(fromCodeLocation().orElse(Path.of("")));
    }

    private static Optional<Path> fromCodeLocation() {
        try {
            Path code = Path.of(KitLayout.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            // .../loadtest/target/proxybench-loadtest.jar or .../loadtest/target/classes
            for (Path p = code; p != null; p = p.getParent()) {
                if (Files.isDirectory(p.resolve("stub-origin")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                    return Optional.of(p);
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // no code source: fall back to the working directory
        }
        return Optional.empty();
    }

    public Path home() {
        return home;
    }

    public Path originJar() {
        return jar("origin", "stub-origin/target/stub-origin.jar");
    }

    /** The built-in load generator's jar. */
    public Path loadgenJar() {
        return jar("loadgen", "loadgen/target/proxybench-loadgen.jar");
    }

    /** The jar of a JVM front end, by kind id ({@code netty}, {@code tomcat}). */
    public Path proxyJar(String kindId) {
        String id = kindId.toLowerCase(Locale.ROOT);
        return jar(id, "proxy-" + id + "/target/proxy-" + id + ".jar");
    }

    /** The jar of the front end labelled {@code label}: its own revision's, else its kind's. */
    public Path proxyJar(String kindId, String label) {
        Path own = proxyJarsByLabel.get(label);
        return own != null ? own : proxyJar(kindId);
    }

    private Path jar(String id, String relative) {
        String override = System.getProperty("proxybench.jar." + id);
        return override != null && !override.isBlank() ? Path.of(override).toAbsolutePath() : home.resolve(relative);
    }
}
