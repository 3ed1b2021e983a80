package io.proxybench.loadtest.results;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a record of the model lies in the files, derived from the record itself so that writer and
 * reader cannot disagree: in JSON, a {@link Flat} part's fields are lifted to the top level and other
 * nested records stay objects; in CSV, every nested record becomes {@code part.field} columns, a
 * {@link Flat} part plain {@code field} columns, and a list one cell joined with {@code ;}.
 *
 * <p>Reading is lenient: unknown fields and columns are ignored, missing ones are null, a part may
 * also come nested (as an object of its own), and a field may be found under a former name
 * ({@link JsonAlias} on the component).
 */
public final class FlatLayout {

    /** Reads what any version of the kit wrote: unknown fields ignored, NaN accepted. */
    static final ObjectMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private static final String LIST_SEPARATOR = ";";

    private FlatLayout() {}

    /** The record as the JSON object the files hold. */
    public static ObjectNode toJson(Record value) {
        ObjectNode nested = rounded(JSON.valueToTree(value));
        ObjectNode out = JSON.createObjectNode();
        Set<String> flat = flatParts(value.getClass());
        nested.fields().forEachRemaining(e -> {
            if (flat.contains(e.getKey()) && e.getValue().isObject()) {
                out.setAll((ObjectNode) e.getValue());
            } else if (e.getValue().isObject() && allNull(e.getValue())) {
                // a part with nothing measured (a failed step's latency) is null, as it has always been written
                out.putNull(e.getKey());
            } else {
                out.set(e.getKey(), e.getValue());
            }
        });
        return out;
    }

    /** Three decimals at most: below every figure's resolution, and readable in the files. */
    private static ObjectNode rounded(ObjectNode node) {
        node.fields().forEachRemaining(e -> {
            if (e.getValue().isObject()) {
                rounded((ObjectNode) e.getValue());
            } else if (e.getValue().isFloatingPointNumber()
                    && Double.isFinite(e.getValue().doubleValue())) {
                e.setValue(JSON.getNodeFactory()
                        .numberNode(BigDecimal.valueOf(e.getValue().doubleValue())
                                .setScale(3, RoundingMode.HALF_UP)
                                .doubleValue()));
            }
        });
        return node;
    }

    private static boolean allNull(JsonNode object) {
        for (JsonNode field : object) {
            if (!field.isNull()) {
                return false;
            }
        }
        return true;
    }

    /** A record from its JSON object (flat or nested parts alike). */
    public static <T extends Record> T fromJson(JsonNode node, Class<T> type) throws JsonProcessingException {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            return JSON.treeToValue(node, type);
        }
        ObjectNode folded = ((ObjectNode) node).deepCopy();
        Set<String> own = names(type);
        for (RecordComponent part : type.getRecordComponents()) {
            if (!part.isAnnotationPresent(Flat.class)) {
                continue;
            }
            ObjectNode fields = folded.get(part.getName()) instanceof ObjectNode o ? o : JSON.createObjectNode();
            for (RecordComponent field : part.getType().getRecordComponents()) {
                for (String name : namesOf(field)) {
                    if (!own.contains(name) && folded.has(name) && !fields.has(field.getName())) {
                        fields.set(field.getName(), folded.get(name));
                    }
                }
            }
            folded.set(part.getName(), fields);
        }
        return JSON.treeToValue(folded, type);
    }

    /** The CSV columns of {@code type}, in the order of its fields. */
    public static List<String> columns(Class<? extends Record> type) {
        return List.copyOf(columnTypes(type, false).keySet());
    }

    /** One CSV row: column to cell text, null for an empty cell. */
    public static Map<String, String> row(Record value) {
        ObjectNode json = toJson(value);
        Map<String, String> row = new LinkedHashMap<>();
        for (String column : columns(value.getClass())) {
            int dot = column.indexOf('.');
            row.put(
                    column,
                    cell(
                            dot < 0
                                    ? json.get(column)
                                    : json.path(column.substring(0, dot)).get(column.substring(dot + 1))));
        }
        return row;
    }

    /**
     * A record from a CSV row read by header name. Empty, {@code nan} and {@code -} cells are null.
     *
     * @throws IllegalArgumentException when a number column holds something else
     */
    public static <T extends Record> T fromRow(Map<String, String> row, Class<T> type) {
        Map<String, Class<?>> types = columnTypes(type, true);
        ObjectNode node = JSON.createObjectNode();
        for (Map.Entry<String, String> cell : row.entrySet()) {
            String column = cell.getKey() == null
                    ? ""
                    : cell.getKey().replace("\uFEFF", "").trim();
            String text = cell.getValue() == null ? "" : cell.getValue().trim();
            if (text.isEmpty() || text.equalsIgnoreCase("nan") || text.equals("-")) {
                continue;
            }
            Class<?> valueType = types.getOrDefault(column, String.class);
            int dot = column.indexOf('.');
            ObjectNode target = dot < 0 ? node : node.with(column.substring(0, dot));
            String name = dot < 0 ? column : column.substring(dot + 1);
            if (Collection.class.isAssignableFrom(valueType)) {
                ArrayNode list = target.putArray(name);
                for (String item : text.split(LIST_SEPARATOR)) {
                    list.add(item);
                }
            } else if (Number.class.isAssignableFrom(box(valueType))) {
                try {
                    if (text.matches("-?\\d{1,18}")) {
                        target.put(name, Long.parseLong(text));
                    } else if (Double.isFinite(Double.parseDouble(text))) {
                        target.put(name, new BigDecimal(text));
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(column + "='" + text + "' is not a number");
                }
            } else {
                target.put(name, text);
            }
        }
        try {
            return fromJson(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage().replaceAll("\\s+", " "));
        }
    }

    /** Column name to the Java type of its values; with {@code formerNames}, renamed fields' old names too. */
    private static Map<String, Class<?>> columnTypes(Class<? extends Record> type, boolean formerNames) {
        Map<String, Class<?>> out = new LinkedHashMap<>();
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.getType().isRecord()) {
                boolean flat = c.isAnnotationPresent(Flat.class);
                for (RecordComponent field : c.getType().getRecordComponents()) {
                    List<String> names = flat && formerNames ? namesOf(field) : List.of(field.getName());
                    names.forEach(n -> out.putIfAbsent(flat ? n : c.getName() + "." + n, field.getType()));
                }
            } else {
                out.put(c.getName(), c.getType());
            }
        }
        return out;
    }

    private static Set<String> flatParts(Class<?> type) {
        Set<String> out = new HashSet<>();
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.isAnnotationPresent(Flat.class)) {
                out.add(c.getName());
            }
        }
        return out;
    }

    private static Set<String> names(Class<?> type) {
        Set<String> out = new HashSet<>();
        for (RecordComponent c : type.getRecordComponents()) {
            out.add(c.getName());
        }
        return out;
    }

    /** A field's name followed by its former names. */
    private static List<String> namesOf(RecordComponent field) {
        List<String> out = new ArrayList<>(List.of(field.getName()));
        JsonAlias alias = field.getAccessor().getAnnotation(JsonAlias.class);
        if (alias != null) {
            out.addAll(List.of(alias.value()));
        }
        return out;
    }

    private static Class<?> box(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return type == boolean.class ? Boolean.class : Number.class;
    }

    /** Plain decimals, three at most (below every figure's resolution), never scientific notation. */
    private static String cell(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> items.add(v.asText()));
            return String.join(LIST_SEPARATOR, items);
        }
        if (value.isFloatingPointNumber()) {
            double d = value.doubleValue();
            return Double.isFinite(d)
                    ? BigDecimal.valueOf(d)
                            .setScale(3, RoundingMode.HALF_UP)
                            .stripTrailingZeros()
                            .toPlainString()
                    : null;
        }
        return value.asText();
    }
}
