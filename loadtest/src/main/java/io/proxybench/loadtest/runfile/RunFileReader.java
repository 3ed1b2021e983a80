package io.proxybench.loadtest.runfile;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.PlanException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Reads a run file against {@code run}'s own options: a key is a long option's name, a value what the
 * option takes (a list where the option takes a list or repeats; {@code set} also as a map). Each
 * error is one line naming the file, the line and the key.
 */
public final class RunFileReader {

    public static final String FRONT_ENDS_KEY = "front-ends";
    static final String SET = "set";
    private static final Set<String> NOT_IN_FILES = Set.of("help", "version");

    private static final YAMLMapper MAPPER = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    /** The keys of a front end's definition: those its entry record reads and writes. */
    private static final Set<String> DEFINITION_KEYS = Set.of(
            FrontEndDefinitionEntry.class.getAnnotation(JsonPropertyOrder.class).value());

    private final CommandSpec run;

    /** @param run the {@code run} command's spec: its options are the file's keys */
    public RunFileReader(CommandSpec run) {
        this.run = run;
    }

    public RunFile read(Path file) throws PlanException {
        if (!Files.isRegularFile(file)) {
            throw new PlanException(file + ": no such run file");
        }
        try (JsonParser parser = MAPPER.createParser(file.toFile())) {
            return read(file, parser);
        } catch (JsonProcessingException e) {
            throw new PlanException(file + ":" + line(e.getLocation()) + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new PlanException(file + ": " + e.getMessage());
        }
    }

    private RunFile read(Path file, JsonParser parser) throws IOException, PlanException {
        JsonToken first = parser.nextToken();
        if (first == null) {
            throw new PlanException(file + ":1: the file is empty (a run file is a map of run's options)");
        }
        if (first != JsonToken.START_OBJECT) {
            throw new PlanException(file + ":" + line(parser) + ": a run file is a map of run's options, e.g."
                    + " 'steps: [100, 200]'");
        }
        List<RunFile.OptionValue> options = new ArrayList<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        Map<String, ExternalFrontEnd> definitions = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            int line = line(parser);
            String where = file + ":" + line + ": " + key;
            if (lines.containsKey(key)) {
                throw new PlanException(where + ": given twice (first on line " + lines.get(key) + ")");
            }
            OptionSpec option = NOT_IN_FILES.contains(key) ? null : run.findOption("--" + key);
            if (option == null) {
                throw new PlanException(file + ":" + line + ": unknown key '" + key + "' (the keys are run's long"
                        + " options without the dashes: " + keyList() + ")");
            }
            lines.put(key, line);
            parser.nextToken();
            List<String> values = key.equals(FRONT_ENDS_KEY)
                    ? frontEnds(file, parser, definitions, where)
                    : values(parser, option, where);
            List<String> tokens = new ArrayList<>();
            if (isFlag(option)) {
                if (values.get(0).equals("true")) {
                    tokens.add("--" + key);
                }
            } else if (option.isMultiValue()) {
                values.forEach(v -> tokens.add("--" + key + "=" + v));
            } else {
                tokens.add("--" + key + "=" + String.join(",", values));
            }
            options.add(new RunFile.OptionValue(key, tokens));
        }
        return new RunFile(file, options, lines, definitions);
    }

    private static boolean isFlag(OptionSpec option) {
        return option.type() == boolean.class || option.type() == Boolean.class;
    }

    private List<String> values(JsonParser parser, OptionSpec option, String where) throws IOException, PlanException {
        JsonToken token = parser.currentToken();
        if (isFlag(option)) {
            if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
                throw new PlanException(where + ": expected true or false, found " + describe(parser));
            }
            return List.of(String.valueOf(token == JsonToken.VALUE_TRUE));
        }
        if (token == JsonToken.START_OBJECT && option.longestName().equals("--" + SET)) {
            List<String> pairs = new ArrayList<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                parser.nextToken();
                pairs.add(key + "=" + scalar(parser, where + "." + key));
            }
            return pairs;
        }
        if (token == JsonToken.START_ARRAY) {
            List<String> items = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                items.add(scalar(parser, where));
            }
            if (items.isEmpty()) {
                throw new PlanException(where + ": an empty list");
            }
            return items;
        }
        return List.of(scalar(parser, where));
    }

    private static String scalar(JsonParser parser, String where) throws IOException, PlanException {
        JsonToken token = parser.currentToken();
        if (!token.isScalarValue() || token == JsonToken.VALUE_NULL) {
            throw new PlanException(where + ": expected a value, found " + describe(parser));
        }
        return parser.getText();
    }

    private static List<String> frontEnds(
            Path file, JsonParser parser, Map<String, ExternalFrontEnd> definitions, String where)
            throws IOException, PlanException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            return List.of(scalar(parser, where));
        }
        List<String> labels = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                labels.add(scalar(parser, where));
                continue;
            }
            int line = line(parser);
            FrontEndDefinitionEntry entry = definition(file, parser);
            ExternalFrontEnd definition = FrontEndDefinitions.check(entry, file, line);
            if (definitions.put(definition.name(), definition) != null || labels.contains(definition.name())) {
                throw new PlanException(file + ":" + line + ": front end '" + definition.name() + "' is defined twice");
            }
            labels.add(definition.name());
        }
        return List.of(String.join(",", labels));
    }

    /**
     * One definition, its keys read one by one so that a mistake names its own line (binding a record
     * reads the whole map before it complains).
     */
    private static FrontEndDefinitionEntry definition(Path file, JsonParser parser) throws IOException, PlanException {
        ObjectNode node = MAPPER.createObjectNode();
        Map<String, Integer> keyLines = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            keyLines.put(key, line(parser));
            if (!DEFINITION_KEYS.contains(key)) {
                throw new PlanException(file + ":" + line(parser) + ": " + FRONT_ENDS_KEY + ": unknown key '" + key
                        + "' in a front end's definition (known: "
                        + DEFINITION_KEYS.stream().sorted().collect(Collectors.joining(", ")) + ")");
            }
            parser.nextToken();
            node.set(key, parser.readValueAsTree());
        }
        try {
            return MAPPER.treeToValue(node, FrontEndDefinitionEntry.class);
        } catch (JsonMappingException e) {
            String key = e.getPath().isEmpty() ? "" : e.getPath().get(0).getFieldName();
            String inner = e.getPath().size() > 1
                    ? "." + e.getPath().get(e.getPath().size() - 1).getFieldName()
                    : "";
            throw new PlanException(file + ":" + keyLines.getOrDefault(key, 0) + ": " + FRONT_ENDS_KEY + "." + key
                    + inner + ": wrong type (" + e.getOriginalMessage().replaceAll("\\s+at \\[.*", "") + ")");
        }
    }

    private String keyList() {
        return run.options().stream()
                .map(OptionSpec::longestName)
                .filter(n -> n.startsWith("--"))
                .map(n -> n.substring(2))
                .filter(n -> !NOT_IN_FILES.contains(n))
                .collect(Collectors.joining(", "));
    }

    private static String describe(JsonParser parser) {
        return switch (parser.currentToken()) {
            case START_OBJECT -> "a map";
            case START_ARRAY -> "a list";
            case VALUE_NULL -> "nothing";
            default -> "'" + text(parser) + "'";
        };
    }

    private static String text(JsonParser parser) {
        try {
            return parser.getText();
        } catch (IOException e) {
            return "?";
        }
    }

    private static int line(JsonParser parser) {
        return line(parser.currentTokenLocation());
    }

    private static int line(JsonLocation location) {
        return location == null ? 0 : location.getLineNr();
    }
}
