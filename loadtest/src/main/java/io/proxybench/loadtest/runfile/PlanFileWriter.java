package io.proxybench.loadtest.runfile;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.FrontEndListParser;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Writes {@code plan.yaml}: every option of the run as it ran, defaults spelled out (so a later
 * default does not change a re-run), in the format {@link RunFileReader} reads. Config templates are
 * copied beside it, so the results directory re-runs on its own.
 */
public final class PlanFileWriter {

    public static final String FILE_NAME = "plan.yaml";
    static final String TEMPLATES = "front-ends";

    private static final ObjectWriter YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build()
            .writer();

    /**
     * What the run was given, resolved.
     *
     * @param parse       the parse of the effective options (file and flags together)
     * @param frontEnds   the front ends as listed ({@code --front-ends}); null when the kit chose them
     * @param resolved    the front ends the run measures
     * @param settings    every {@code kind.key=value} setting, from {@code --set} and {@code --<kind>.<key>}
     * @param definitions the front ends a run file defined
     */
    public record Options(
            ParseResult parse,
            String frontEnds,
            List<FrontEndSpec> resolved,
            List<String> settings,
            Map<String, ExternalFrontEnd> definitions) {}

    private PlanFileWriter() {}

    /** The plan file's text; templates are copied under {@code runDir}. */
    public static String write(Options options, Path runDir, String runId) throws IOException {
        Map<String, Object> plan = new LinkedHashMap<>();
        boolean swept = options.parse().hasMatchedOption("--sweep");
        for (OptionSpec option : options.parse().commandSpec().options()) {
            String key = option.longestName().substring(2);
            if (option.usageHelp() || option.versionHelp()) {
                continue;
            }
            if (key.equals(RunFileReader.FRONT_ENDS_KEY)) {
                Object frontEnds = frontEnds(options, swept, runDir);
                if (frontEnds != null) {
                    plan.put(key, frontEnds);
                }
            } else if (key.equals(RunFileReader.SET)) {
                if (!options.settings().isEmpty()) {
                    plan.put(key, options.settings());
                }
            } else {
                Object value = value(options.parse(), option);
                if (value != null) {
                    plan.put(key, value);
                }
            }
        }
        return "# The plan of run " + runId + " as it ran, every default spelled out.\n"
                + "# ./proxybench run " + runDir.resolve(FILE_NAME) + " runs it again.\n"
                + YAML.writeValueAsString(plan);
    }

    private static Object value(ParseResult parse, OptionSpec option) {
        boolean flag = option.type() == boolean.class || option.type() == Boolean.class;
        OptionSpec matched = parse.matchedOption(option.longestName());
        if (flag) {
            return matched != null ? Boolean.TRUE : null;
        }
        List<String> given = matched != null ? matched.originalStringValues() : List.of();
        if (given.isEmpty()) {
            String fallback = option.defaultValue();
            return fallback == null || option.isMultiValue() ? null : fallback;
        }
        if (option.type() == Path.class && !option.longestName().equals("--out")) {
            given = given.stream()
                    .map(p -> Path.of(p).toAbsolutePath().normalize().toString())
                    .toList();
        }
        if (option.isMultiValue()) {
            return List.copyOf(given);
        }
        String last = given.get(given.size() - 1);
        // a list of numbers reads as one: steps: [700, 900]
        return last.matches("\\d+(,\\d+)+")
                ? Arrays.stream(last.split(",")).map(Integer::valueOf).toList()
                : last;
    }

    private static Object frontEnds(Options options, boolean swept, Path runDir) throws IOException {
        if (options.frontEnds() == null) {
            // the kit chose them from what is installed; a sweep names its own
            return swept
                    ? null
                    : options.resolved().stream()
                            .map(s -> s.label().replaceFirst("^tomcat\\(nio\\)", "tomcat"))
                            .toList();
        }
        List<Object> items = new ArrayList<>();
        List<String> listed;
        try {
            listed = FrontEndListParser.splitOutsideBrackets(options.frontEnds());
        } catch (PlanException e) {
            throw new IllegalStateException("checked before the run: " + e.getMessage(), e);
        }
        for (String item : listed) {
            ExternalFrontEnd defined = options.definitions().get(item.trim());
            items.add(defined == null ? item.trim() : definition(defined, runDir));
        }
        return items;
    }

    private static FrontEndDefinitionEntry definition(ExternalFrontEnd defined, Path runDir) {
        String config = null;
        if (defined.config() != null) {
            Path copy = runDir.resolve(TEMPLATES)
                    .resolve(defined.name())
                    .resolve(defined.config().fileName());
            try {
                Files.createDirectories(copy.getParent());
                Files.writeString(copy, defined.config().text());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            config = runDir.relativize(copy).toString();
        }
        return FrontEndDefinitions.entry(defined, config);
    }
}
