package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.LockContention;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockContentionSectionTest {

    @Test
    void eachStepWithAContendedLockNamesItWithItsWait() throws Exception {
        RunResults sample = ResultsReader.read(SampleRun.sourceDir());
        StepRecord first = sample.steps().get(0);
        RunResults locked = new RunResults(
                null,
                sample.run(),
                List.of(
                        first.withLocks(new LockContention("java.lang.Class", 5144.17185)),
                        sample.steps().get(1)),
                List.of());

        String section = LockContentionSection.render(locked);

        assertThat(section)
                .startsWith("## Most contended locks\n")
                .contains("`raw/<front end>/<step>-lock.html`")
                .contains("| `java.lang.Class` |   5144.17 |");
        assertThat(section.lines().filter(l -> l.startsWith("| " + first.frontEnd())))
                .as("one row: the other step had no contended lock")
                .hasSize(1);
    }

    @Test
    void aRunWithoutLockProfilesHasNoSection() throws Exception {
        assertThat(LockContentionSection.render(ResultsReader.read(SampleRun.sourceDir())))
                .isEmpty();
    }
}
