package io.proxybench.loadtest.results;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The CSV files of a run (RFC 4180 through jackson-dataformat-csv): columns from {@link FlatLayout},
 * quotes only where a cell needs them, read by header name so that order and extra columns do not
 * matter.
 */
final class CsvFiles {

    private static final CsvMapper CSV = CsvMapper.builder()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .enable(CsvParser.Feature.IGNORE_TRAILING_UNMAPPABLE)
            .enable(CsvParser.Feature.ALLOW_TRAILING_COMMA)
            .build();

    private CsvFiles() {}

    /** The rows of {@code records} as CSV text, with the header line when {@code header}. */
    static String write(Class<? extends Record> type, List<? extends Record> records, boolean header)
            throws IOException {
        CsvSchema.Builder schema = CsvSchema.builder();
        FlatLayout.columns(type).forEach(schema::addColumn);
        StringWriter out = new StringWriter();
        if (header) {
            out.write(String.join(",", FlatLayout.columns(type)) + "\n");
        }
        var writer = CSV.writer(schema.build().withoutHeader()).writeValues(out);
        for (Record r : records) {
            writer.write(FlatLayout.row(r));
        }
        writer.close();
        return out.toString();
    }

    /** One parsed row: the cells by column, and the line it started on. */
    record Row(int line, Map<String, String> cells) {}

    /** A whole file: its header's columns and its rows by column name. */
    record Table(List<String> columns, List<Row> rows) {}

    /** Every row of {@code file} by header name; an empty file has none. */
    static Table read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                MappingIterator<Map<String, String>> it = CSV.readerForMapOf(String.class)
                        .with(CsvSchema.emptySchema().withHeader())
                        .readValues(in)) {
            while (it.hasNextValue()) {
                int line = it.getCurrentLocation() == null
                        ? -1
                        : it.getCurrentLocation().getLineNr();
                rows.add(new Row(line, it.nextValue()));
            }
            ((CsvParser) it.getParser())
                    .getSchema()
                    .forEach(c -> columns.add(c.getName().replace("\uFEFF", "").trim()));
        }
        return new Table(columns, rows);
    }
}
