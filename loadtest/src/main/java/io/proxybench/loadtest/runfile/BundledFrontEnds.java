package io.proxybench.loadtest.runfile;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.proxybench.loadtest.plan.ConfigTemplate;
import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.PlanException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * The reference front ends, nginx and HAProxy, as definitions in the run-file format: the kit's
 * {@code frontends/nginx.yaml} and {@code frontends/haproxy.yaml} with their config templates
 * beside them, started by the same launcher as a user's own.
 */
public final class BundledFrontEnds {

    private static final String DIR = "frontends/";
    private static final YAMLMapper MAPPER = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final Map<FrontEndKind, ExternalFrontEnd> DEFINITIONS = new EnumMap<>(FrontEndKind.class);

    static {
        for (FrontEndKind kind : new FrontEndKind[] {FrontEndKind.NGINX, FrontEndKind.HAPROXY}) {
            DEFINITIONS.put(kind, read(kind.id() + ".yaml"));
        }
    }

    private BundledFrontEnds() {}

    /** The definition of {@code kind}, which is nginx or HAProxy. */
    public static ExternalFrontEnd definition(FrontEndKind kind) {
        ExternalFrontEnd definition = DEFINITIONS.get(kind);
        if (definition == null) {
            throw new IllegalArgumentException(kind.id() + " has no bundled definition");
        }
        return definition;
    }

    /** True for the kinds started from a bundled definition. */
    public static boolean has(FrontEndKind kind) {
        return DEFINITIONS.containsKey(kind);
    }

    private static ExternalFrontEnd read(String name) {
        try {
            FrontEndDefinitionEntry entry = MAPPER.readValue(text(name), FrontEndDefinitionEntry.class);
            return FrontEndDefinitions.check(
                    entry,
                    DIR + name,
                    1,
                    config -> new ConfigTemplate(config, text(config), DIR + config),
                    Path.of("."),
                    true);
        } catch (IOException e) {
            throw new UncheckedIOException("the kit's " + DIR + name + " is unreadable", e);
        } catch (PlanException e) {
            throw new IllegalStateException("the kit's " + DIR + name + ": " + e.getMessage(), e);
        }
    }

    private static String text(String name) {
        try (InputStream in = BundledFrontEnds.class.getClassLoader().getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IllegalStateException("the kit's " + DIR + name + " is missing from its jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
