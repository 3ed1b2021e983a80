package io.proxybench.common.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class RequiredToolTest {

    private static final String HINT = "apt-get install wrk";

    private final List<String> announced = new ArrayList<>();

    private void check(String tool, boolean present, String hint, String requireValue) {
        RequiredTool.assumePresent(tool, present, hint, requireValue, announced::add);
    }

    @Test
    void anAbsentToolNobodyRequiresSkipsWithItsNameAndHintOnTheConsole() {
        String line =
                "wrk is not available: apt-get install wrk; skipped (PROXYBENCH_REQUIRE=wrk makes this a failure)";
        assertThatThrownBy(() -> check("wrk", false, HINT, null))
                .isInstanceOf(TestAbortedException.class)
                .hasMessage(line);
        assertThat(announced).containsExactly(line);
    }

    @Test
    void anAbsentToolTheEnvironmentRequiresFails() {
        assertThatThrownBy(() -> check("wrk", false, HINT, "apr, WRK,nginx"))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(
                        "wrk is required (PROXYBENCH_REQUIRE=apr, WRK,nginx) but not available: apt-get install wrk");
        assertThat(announced).as("a failure is reported by the test itself").isEmpty();
    }

    @Test
    void requiringOtherToolsStillSkips() {
        assertThatThrownBy(() -> check("haproxy", false, "apt-get install haproxy", "apr,wrk"))
                .isInstanceOf(TestAbortedException.class);
        assertThatThrownBy(() -> check("wrk", false, HINT, "wrk2,,"))
                .as("a name is matched whole, not as a prefix")
                .isInstanceOf(TestAbortedException.class);
    }

    @Test
    void aPresentToolRunsTheTestWhateverTheEnvironmentSays() {
        assertThatCode(() -> check("wrk", true, HINT, null)).doesNotThrowAnyException();
        assertThatCode(() -> check("wrk", true, HINT, "wrk")).doesNotThrowAnyException();
        assertThat(announced).isEmpty();
    }

    @Test
    void theRequiredListIsTrimmedAndCaseBlind() {
        assertThat(RequiredTool.required(" Apr ,wrk,,nginx ")).containsExactlyInAnyOrder("apr", "wrk", "nginx");
        assertThat(RequiredTool.required("")).isEmpty();
        assertThat(RequiredTool.required(null)).isEmpty();
    }
}
