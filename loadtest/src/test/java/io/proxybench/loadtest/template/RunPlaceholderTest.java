package io.proxybench.loadtest.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RunPlaceholderTest {

    @Test
    void theRunFileGuideSaysWhatEveryPlaceholderStandsFor() throws IOException {
        String guide = Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/run-files.md"));
        for (RunPlaceholder placeholder : RunPlaceholder.values()) {
            assertThat(guide).as(placeholder.key()).contains("`{{" + placeholder.key() + "}}`");
        }
    }

    @Test
    void aTemplateMayReadEveryPlaceholderAndRendersWithTheSampleValues() throws TemplateException {
        StringBuilder text = new StringBuilder();
        RunPlaceholder.keys().forEach(key -> text.append("{{").append(key).append("}}|"));
        PlaceholderTemplate template = new PlaceholderTemplate(text.toString(), "sample.conf", 1);

        template.check(Set.of());

        assertThat(template.render(RunPlaceholder.samples())).startsWith("1|127.0.0.1|127.0.0.1:1|");
    }
}
