package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.GcChoice;
import io.proxybench.loadtest.plan.GeneratorKind;
import io.proxybench.loadtest.plan.JvmProfile;
import io.proxybench.loadtest.plan.LauncherFlags;
import io.proxybench.loadtest.plan.LeadInPolicy;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.TopologyKind;
import io.proxybench.loadtest.plan.WarmupPolicy;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class RunPlanReaderTest {

    /** Options as picocli fills them from {@code args}, defaults included. */
    private static RunOptions options(String... args) {
        RunCommand command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        command.options.unmatched = command.unmatched;
        return command.options;
    }

    private static RunPlan plan(String... args) throws PlanException {
        return RunPlanReader.read(options(args), "proxybench run", RunPlanReader.Installed.ALL)
                .plan();
    }

    @Test
    void noArgumentsIsTheShortDefault() throws PlanException {
        RunPlanReader.Result result = RunPlanReader.read(options(), "proxybench run", RunPlanReader.Installed.ALL);
        RunPlan plan = result.plan();
        assertThat(plan.frontEnds())
                .extracting(FrontEndSpec::label)
                .containsExactly("netty", "tomcat", "nginx", "haproxy");
        assertThat(plan.load().steps()).containsExactly(100, 200, 400);
        assertThat(plan.load().durationSec()).isEqualTo(5);
        assertThat(plan.warmup()).isEqualTo(new WarmupPolicy(true, 0, 120));
        assertThat(plan.load().mode()).isEqualTo(ConnectionMode.KEEPALIVE);
        assertThat(plan.load().generator()).isEqualTo(GeneratorKind.WRK);
        assertThat(result.generatorLine()).isEqualTo("generator: wrk");
        assertThat(plan.load().threads()).isEqualTo(2);
        assertThat(plan.jvm().profile()).isEqualTo(JvmProfile.REFERENCE);
        assertThat(plan.origin().latency()).isEqualTo(Duration.ofMillis(50));
        assertThat(plan.origin().payloadBytes()).isEqualTo(1024);
        assertThat(plan.placement().topology().kind()).isEqualTo(TopologyKind.LOOPBACK);
        assertThat(result.notes()).isEmpty();
    }

    @Test
    void aPlanBuiltWithoutPartsIsThePlanOfTheCommandLineWithoutOptions() throws PlanException {
        RunPlan read = plan();
        assertThat(RunPlan.builder().frontEnds(read.frontEnds()).build()).isEqualTo(read);
    }

    @Test
    void autoPicksWrkWhenInstalledElseTheBuiltInGeneratorAndSaysWhy() throws PlanException {
        RunPlanReader.Result withWrk = RunPlanReader.read(options(), "x", RunPlanReader.Installed.ALL);
        assertThat(withWrk.plan().load().generator()).isEqualTo(GeneratorKind.WRK);
        assertThat(withWrk.generatorLine()).isEqualTo("generator: wrk");
        RunPlanReader.Result without =
                RunPlanReader.read(options(), "x", new RunPlanReader.Installed(false, true, true, true));
        assertThat(without.plan().load().generator()).isEqualTo(GeneratorKind.BUILTIN);
        assertThat(without.generatorLine())
                .isEqualTo("generator: built-in (wrk not installed: apt-get install wrk for a lower-CPU generator)");
        RunPlanReader.Result open = RunPlanReader.read(options("--model", "open"), "x", RunPlanReader.Installed.ALL);
        assertThat(open.plan().load().generator()).isEqualTo(GeneratorKind.BUILTIN);
        assertThat(open.generatorLine()).contains("wrk does not run the open model");
        assertThat(plan("--generator", "builtin").load().generator()).isEqualTo(GeneratorKind.BUILTIN);
    }

    @Test
    void withoutTheAprLibraryTomcatRunsNioUnderItsOwnLabel() throws PlanException {
        RunPlanReader.Result result = RunPlanReader.read(
                options("--front-ends", "netty,tomcat,tomcat[connector=nio2]"),
                "x",
                new RunPlanReader.Installed(true, true, true, false));
        assertThat(result.plan().frontEnds())
                .extracting(FrontEndSpec::label)
                .containsExactly("netty", "tomcat(nio)", "tomcat[connector=nio2]");
        assertThat(result.plan().frontEnds().get(1).settings()).containsEntry("tomcat.connector", "nio");
        assertThat(result.notes())
                .singleElement()
                .asString()
                .startsWith("TOMCAT RUNS NIO, NOT APR")
                .contains("apt-get install libtcnative-1");
    }

    @Test
    void withoutNginxItsColumnIsSkippedAndSaidSo() throws PlanException {
        RunPlanReader.Result result =
                RunPlanReader.read(options(), "proxybench run", new RunPlanReader.Installed(true, false, true, true));
        assertThat(result.plan().frontEnds())
                .extracting(FrontEndSpec::label)
                .containsExactly("netty", "tomcat", "haproxy");
        assertThat(result.notes()).singleElement().asString().contains("nginx is not installed");
        RunPlanReader.Result neither =
                RunPlanReader.read(options(), "x", new RunPlanReader.Installed(true, false, false, true));
        assertThat(neither.plan().frontEnds()).extracting(FrontEndSpec::label).containsExactly("netty", "tomcat");
        assertThat(neither.notes())
                .containsExactly(
                        "nginx is not installed: its column is skipped (apt-get install nginx-light)",
                        "haproxy is not installed: its column is skipped (apt-get install haproxy)");
        assertThatThrownBy(() -> RunPlanReader.read(
                        options("--front-ends", "haproxy"), "x", new RunPlanReader.Installed(true, true, false, true)))
                .hasMessage("haproxy is not installed (apt-get install haproxy)");
        assertThatThrownBy(() -> RunPlanReader.read(
                        options("--front-ends", "nginx"), "x", new RunPlanReader.Installed(true, false, false, true)))
                .hasMessageContaining("nginx is not installed");
    }

    @Test
    void warmupIsAutoATimeOrNoneAndTheCapIsATime() throws PlanException {
        assertThat(plan("--warmup", "30s").warmup()).isEqualTo(new WarmupPolicy(false, 30, 120));
        assertThat(plan("--warmup", "0").warmup().none()).isTrue();
        assertThat(plan("--warmup", "AUTO", "--warmup-cap", "2m").warmup()).isEqualTo(new WarmupPolicy(true, 0, 120));
        assertThat(plan("--warmup-cap", "45s").warmup()).isEqualTo(new WarmupPolicy(true, 0, 45));
        assertThatThrownBy(() -> plan("--warmup", "steady"))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("--warmup: ")
                .hasMessageEndingWith("(or auto)");
        assertThatThrownBy(() -> plan("--warmup-cap", "0"))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("--warmup-cap: '0' is out of range");
    }

    @Test
    void theLeadInCapComesFromItsOption() throws PlanException {
        assertThat(plan().leadIn()).isEqualTo(new LeadInPolicy(true, 0, 60));
        assertThat(plan("--lead-in-cap", "90s").leadIn()).isEqualTo(new LeadInPolicy(true, 0, 90));
        assertThatThrownBy(() -> plan("--lead-in-cap", "1.5s"))
                .isInstanceOf(PlanException.class)
                .hasMessage("--lead-in-cap: '1.5s' must be whole seconds");
    }

    @Test
    void fixedSetValuesAreReadInAnyCaseAndAsTheCollectorsAreNamed() throws PlanException {
        RunPlan plan = plan(
                "--mode",
                "CHURN",
                "--model",
                "Open",
                "--generator",
                "gatling",
                "--jvm-profile",
                "Modern",
                "--gc",
                "Parallel");
        assertThat(plan.load().mode()).isEqualTo(ConnectionMode.CHURN);
        assertThat(plan.load().model()).isEqualTo(LoadModel.OPEN);
        assertThat(plan.load().generator()).isEqualTo(GeneratorKind.GATLING);
        assertThat(plan.jvm().profile()).isEqualTo(JvmProfile.MODERN);
        assertThat(plan.jvm().launcherFlags().netty())
                .as("proxy-netty/jvm.options")
                .contains("-Xmn24m");
        assertThat(plan.jvm().gc()).isEqualTo(GcChoice.PARALLEL);
        assertThat(plan("--gc", "parallel").jvm().gc()).isEqualTo(GcChoice.PARALLEL);
        assertThat(plan("--gc", "ZGC").jvm().gc()).isEqualTo(GcChoice.ZGC);
        assertThat(plan("--gc", "G1GC").jvm().gc()).isEqualTo(GcChoice.G1);
        assertThat(plan("--topology", "netns").placement().topology().kind()).isEqualTo(TopologyKind.NETNS);
    }

    @Test
    void everyGeneratorCanBeNamedOnTheCommandLine() {
        assertThat(Arrays.stream(GeneratorChoice.values()).flatMap(c -> c.named().stream()))
                .containsExactlyInAnyOrder(GeneratorKind.values());
    }

    @Test
    void theReferenceRun() throws PlanException {
        RunPlan plan = plan(
                "--front-ends",
                "tomcat,netty",
                "--ramp",
                "700:2000:200",
                "--duration",
                "10s",
                "--warmup",
                "5s",
                "--mode",
                "churn",
                "--threads",
                "4",
                "--timeout",
                "30s");
        assertThat(plan.load().steps()).containsExactly(700, 900, 1100, 1300, 1500, 1700, 1900, 2000);
        assertThat(plan.load().maxConnections()).isEqualTo(2000);
        assertThat(plan.load().durationSec()).isEqualTo(10);
        assertThat(plan.load().mode()).isEqualTo(ConnectionMode.CHURN);
        assertThat(plan.load().requestTimeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void kindSettingsGoToEveryFrontEndOfThatKindAndVariantsOverrideThem() throws PlanException {
        RunPlan plan = plan(
                "--front-ends",
                "netty,netty[workers.stage=8],tomcat",
                "--set",
                "netty.workers.stage=2",
                "--netty.workers.inbound=4",
                "--tomcat.maxThreads",
                "500");
        assertThat(plan.frontEnds().get(0).settings())
                .containsExactly(entry("workers.stage", "2"), entry("workers.inbound", "4"));
        assertThat(plan.frontEnds().get(1).label()).isEqualTo("netty[workers.stage=8]");
        assertThat(plan.frontEnds().get(1).settings())
                .containsEntry("workers.stage", "8")
                .containsEntry("workers.inbound", "4");
        // a bare name is the front end's own key
        assertThat(plan.frontEnds().get(2).settings()).containsExactly(entry("tomcat.maxThreads", "500"));
    }

    @Test
    void variantKeysBecomeTheProxysConfigKeys() throws PlanException {
        RunPlan plan = plan(
                "--front-ends",
                "tomcat[maxThreads=500],tomcat[tomcat.connector=nio],netty[allocator=adaptive],"
                        + "nginx[worker_processes=1]");
        assertThat(plan.frontEnds().get(0).label()).isEqualTo("tomcat[maxThreads=500]");
        assertThat(plan.frontEnds().get(0).settings()).containsExactly(entry("tomcat.maxThreads", "500"));
        assertThat(plan.frontEnds().get(1).settings()).containsExactly(entry("tomcat.connector", "nio"));
        assertThat(plan.frontEnds().get(2).settings()).containsExactly(entry("netty.allocator", "adaptive"));
        assertThat(plan.frontEnds().get(3).settings()).containsExactly(entry("worker_processes", "1"));
    }

    @Test
    void aVariantsJvmFlagsComeAfterTheRunsAndAreNotAProxySetting() throws PlanException {
        RunPlan plan = plan(
                "--jvm-profile",
                "reference",
                "--jvm-arg=-XX:+UseNUMA",
                "--front-ends",
                "netty,netty[jvm=-Xmn24m  -XX:+UseTransparentHugePages,workers.inbound=1],tomcat");
        FrontEndSpec plain = plan.frontEnds().get(0);
        FrontEndSpec small = plan.frontEnds().get(1);
        List<String> reference = JvmProfile.REFERENCE.jvmArgs(FrontEndKind.NETTY, LauncherFlags.NONE);
        assertThat(plan.jvm().argsFor(plain))
                .startsWith(reference.toArray(String[]::new))
                .endsWith("-XX:+PrintFlagsFinal", "-XX:+UseNUMA")
                .hasSize(reference.size() + 1);
        assertThat(plan.jvm().argsFor(small))
                .startsWith(reference.toArray(String[]::new))
                .endsWith("-XX:+UseNUMA", "-Xmn24m", "-XX:+UseTransparentHugePages")
                .hasSize(reference.size() + 3);
        assertThat(small.proxySettings()).containsExactly(entry("workers.inbound", "1"));
        assertThat(plan.jvm().argsFor(plan.frontEnds().get(2))).doesNotContain("-Xmn24m");
        // a sweep over JVM flags is one column per value
        assertThat(plan("--sweep", "netty.jvm=-Xmn16m,-Xmn64m").frontEnds())
                .extracting(FrontEndSpec::label)
                .containsExactly("netty[jvm=-Xmn16m]", "netty[jvm=-Xmn64m]");
    }

    @Test
    void jvmFlagsOnlyForAJvmAndOnlyFlags() {
        assertThatThrownBy(() -> plan("--front-ends", "nginx[jvm=-Xmn24m]"))
                .hasMessage("front end 'nginx[jvm=-Xmn24m]': jvm= sets JVM flags, and nginx is not a JVM");
        assertThatThrownBy(() -> plan("--front-ends", "netty[jvm=Xmn24m]"))
                .hasMessageContaining("'Xmn24m' is not a JVM flag");
    }

    @Test
    void aSweepAloneRunsOnlyTheSweptKind() throws PlanException {
        RunPlan plan = plan("--sweep", "netty.workers.inbound=1,2,4");
        assertThat(plan.frontEnds())
                .extracting(FrontEndSpec::label)
                .containsExactly("netty[workers.inbound=1]", "netty[workers.inbound=2]", "netty[workers.inbound=4]");
    }

    @Test
    void badInputGetsOneLineNamingIt() {
        assertThatThrownBy(() -> plan("--steps", "100", "--ramp", "1:2:1"))
                .hasMessage("give either --steps or --ramp, not both");
        assertThatThrownBy(() -> plan("--duraton", "5s")).hasMessage("unknown option '--duraton'");
        assertThatThrownBy(() -> plan("--netty.workers.stage")).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> plan("--front-ends", "tomcat", "--netty.workers.stage=8"))
                .hasMessage("setting netty.workers.stage: no netty front end in this run");
        assertThatThrownBy(() -> plan("--threads", "0")).hasMessageContaining("--threads");
        assertThatThrownBy(() -> plan("--link", "1gbit")).hasMessageContaining("need --topology netns");
        assertThatThrownBy(() -> plan("--topology", "netns", "--link", "fast")).hasMessageContaining("fast");
        assertThatThrownBy(() -> plan("--front-ends", "nginx[workers=2]"))
                .hasMessageContaining("unknown setting 'workers'");
        assertThatThrownBy(() -> plan("--front-ends", "nginx[worker_processes=0]"))
                .hasMessageContaining("worker_processes=0 is not a positive whole number");
        assertThatThrownBy(() -> plan("--jvm-arg", "Xmx1g")).hasMessageContaining("is not a JVM flag");
        assertThatThrownBy(() -> plan("--java-home", "/nonexistent")).hasMessageContaining("no executable");
        assertThatThrownBy(() -> plan("--origin-latency", "2m")).hasMessageContaining("longer than 1m");
    }

    @Test
    void aStepBelowAnEarlierOneGetsANoteAboutTheSurplusOriginConnections() throws PlanException {
        RunPlanReader.Result falling =
                RunPlanReader.read(options("--steps", "100,1000,400"), "proxybench run", RunPlanReader.Installed.ALL);
        assertThat(falling.notes())
                .singleElement()
                .asString()
                .startsWith("step 400 connections comes after 1000 connections: the front ends close the origin"
                        + " connections");

        assertThat(RunPlanReader.read(options("--steps", "10,100,400"), "proxybench run", RunPlanReader.Installed.ALL)
                        .notes())
                .isEmpty();
        assertThat(RunPlanReader.fallingStepNote(List.of(1000, 500), LoadModel.OPEN))
                .get()
                .asString()
                .startsWith("step 500 req/s comes after 1000 req/s");
    }

    @Test
    void theClosedModelIsTheDefaultAndItsLargestStepIsItsConnections() throws PlanException {
        RunPlan plan = plan("--steps", "100,400,200", "--generator", "gatling");
        assertThat(plan.load().model()).isEqualTo(LoadModel.CLOSED);
        assertThat(plan.load().maxStep()).isEqualTo(400);
        assertThat(plan.load().maxConnections()).isEqualTo(400);
    }

    @Test
    void anOpenRunIsGatlingsAndMayHoldRateTimesTimeoutConnections() throws PlanException {
        RunPlan plan = plan("--generator", "gatling", "--model", "open", "--steps", "500,1000", "--timeout", "3s");
        assertThat(plan.load().model()).isEqualTo(LoadModel.OPEN);
        assertThat(plan.load().steps()).containsExactly(500, 1000);
        assertThat(plan.load().maxStep()).isEqualTo(1000);
        // every unanswered request holds a connection until its timeout
        assertThat(plan.load().maxConnections()).isEqualTo(3000);
    }

    @Test
    void wrkCannotRunTheOpenModel() {
        assertThatThrownBy(() -> plan("--model", "open", "--generator", "wrk"))
                .isInstanceOf(PlanException.class)
                .hasMessage(
                        "--model open needs --generator gatling, builtin (wrk keeps a fixed number of connections)");
    }

    @Test
    void commandIsRecordedShellQuoted() {
        assertThat(RunCommand.quoted("--front-ends")).isEqualTo("--front-ends");
        assertThat(RunCommand.quoted("netty[workers.stage=8]")).isEqualTo("'netty[workers.stage=8]'");
        assertThat(RunCommand.quoted("it's")).isEqualTo("'it'\\''s'");
    }

    @Test
    void repeatIsOnceUnlessAskedAndMustBePositive() throws PlanException {
        assertThat(plan().repeats().count()).isEqualTo(1);
        assertThat(plan("--repeat", "3").repeats().count()).isEqualTo(3);
        assertThatThrownBy(() -> plan("--repeat", "0"))
                .isInstanceOf(PlanException.class)
                .hasMessage("--repeat: 0 is out of range 1..100");
    }

    @Test
    void untilUndisturbedNeedsRepeatsToCountAndABaselineToDivideBy() throws PlanException {
        assertThat(plan("--repeat", "3").repeats().untilUndisturbed()).isZero();
        assertThat(plan("--front-ends", "nginx,netty", "--repeat", "8", "--until-undisturbed", "3")
                        .repeats()
                        .untilUndisturbed())
                .isEqualTo(3);
        assertThatThrownBy(() -> plan("--front-ends", "netty", "--repeat", "8", "--until-undisturbed", "3"))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("needs two front ends or more");
        assertThatThrownBy(() -> plan("--front-ends", "nginx,netty", "--repeat", "8", "--until-undisturbed", "2"))
                .isInstanceOf(PlanException.class)
                .hasMessage("--until-undisturbed: 2 is out of range 3..--repeat (8)");
        assertThatThrownBy(() -> plan("--front-ends", "nginx,netty", "--repeat", "3", "--until-undisturbed", "4"))
                .isInstanceOf(PlanException.class)
                .hasMessage("--until-undisturbed: 4 is out of range 3..--repeat (3)");
    }

    @Test
    void virtualThreadsOnAJvmOlderThan21AreRefusedBeforeAnythingStarts() {
        assertThatThrownBy(() -> plan("--front-ends", "netty,tomcat[threads=virtual]"))
                .isInstanceOf(PlanException.class)
                .hasMessage("front end 'tomcat[threads=virtual]': virtual threads need a Java 21+ runtime, and this"
                        + " run's is " + Runtime.version().feature() + " (give --java-home of a JDK 21 or newer)");
    }
}
