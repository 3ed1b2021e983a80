package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code run --cpus} and {@code --profile} from the command line to the plan, or to one line of error. */
class CpusOptionTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    private static RunPlan plan(String... args) throws PlanException {
        RunCommand command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        command.options.unmatched = command.unmatched;
        return RunPlanReader.read(command.options, "proxybench run", RunPlanReader.Installed.ALL)
                .plan();
    }

    @Test
    void theListsReachThePlan() throws PlanException {
        RunPlan plan = plan("--front-ends", "netty", "--cpus", "generator=0,proxy=0", "--profile", "jfr,async");
        assertThat(plan.placement().cpuPinning().listFor("generator")).isEqualTo("0");
        assertThat(plan.placement().cpuPinning().listFor("origin")).isNull();
        assertThat(plan.profiler().jfr()).isTrue();
        assertThat(plan.profiler().async()).isTrue();
        assertThat(plan("--front-ends", "netty").placement().cpuPinning().isEmpty())
                .isTrue();
    }

    @Test
    void aCpuBeyondTheMachineIsOneLineAndNothingStarts() {
        assertThat(run("run", "--front-ends", "netty", "--cpus", "proxy=4096", "--out", "target/never"))
                .isEqualTo(2);
        assertThat(err.toString().lines())
                .first()
                .asString()
                .startsWith("proxybench run: --cpus proxy: CPU 4096 does not exist on this machine (it has 0");
        assertThat(out.toString()).isEmpty();
        assertThat(new java.io.File("target/never")).doesNotExist();
    }

    @Test
    void anUnknownRoleIsOneLine() {
        assertThat(run("run", "--cpus", "client=0", "--out", "target/never")).isEqualTo(2);
        assertThat(err.toString().lines())
                .first()
                .asString()
                .startsWith("proxybench run: --cpus: unknown role 'client' (expected generator, proxy, origin)");
    }
}
