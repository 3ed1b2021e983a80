package io.proxybench.loadtest.ab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.results.ResultsFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AbResultFileTest {

    @TempDir
    Path dir;

    @Test
    void whatIsWrittenReadsBackTheSameAndTheMarkdownSaysTheVerdict() throws Exception {
        AbResult result = AbAnalysis.analyse(
                AbSteps.rounds(100, 6, 1.2), AbSteps.BASE, AbSteps.CAND, AbAnalysis.Settings.DEFAULT);

        AbResultFile.write(dir, result);

        assertThat(AbResultFile.read(dir)).isEqualTo(result);
        assertThat(Files.readString(dir.resolve(AbResultFile.AB_MD)))
                .contains("Verdict: **REGRESSION**")
                .contains("| 100 | \u00b5s/req | 53.5 | 64.2 | +20.00% (p=0.009 n=6) |");
    }

    @Test
    void aBrokenFileIsOneLineNamingIt() throws Exception {
        Files.writeString(dir.resolve(AbResultFile.AB_JSON), "{\"rounds\": \"many\"}");

        assertThatThrownBy(() -> AbResultFile.read(dir))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining(dir.resolve(AbResultFile.AB_JSON).toString());
    }
}
