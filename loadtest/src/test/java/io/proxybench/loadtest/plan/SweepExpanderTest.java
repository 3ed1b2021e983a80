package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import org.junit.jupiter.api.Test;

class SweepExpanderTest {

    private static KindSetting sweep(String text) throws PlanException {
        return KindSetting.parse(text, "--sweep");
    }

    @Test
    void oneVariantPerValueInPlaceOfEachFrontEndOfThatKind() throws PlanException {
        List<FrontEndSpec> out = SweepExpander.expand(
                FrontEndListParser.parse("netty,tomcat"), List.of(sweep("netty.workers.inbound=1,2,4")));
        assertThat(out)
                .extracting(FrontEndSpec::label)
                .containsExactly(
                        "netty[workers.inbound=1]", "netty[workers.inbound=2]", "netty[workers.inbound=4]", "tomcat");
        assertThat(out.get(2).settings()).containsExactly(entry("workers.inbound", "4"));
    }

    @Test
    void aSweptVariantKeepsItsOwnSettings() throws PlanException {
        List<FrontEndSpec> out = SweepExpander.expand(
                FrontEndListParser.parse("netty[workers.stage=8]"), List.of(sweep("netty.workers.inbound=1,2")));
        assertThat(out)
                .extracting(FrontEndSpec::label)
                .containsExactly(
                        "netty[workers.stage=8,workers.inbound=1]", "netty[workers.stage=8,workers.inbound=2]");
    }

    @Test
    void sweepsMultiply() throws PlanException {
        List<FrontEndSpec> out = SweepExpander.expand(
                FrontEndListParser.parse("netty"),
                List.of(sweep("netty.workers.inbound=1,2"), sweep("netty.workers.stage=4,8")));
        assertThat(out)
                .extracting(FrontEndSpec::label)
                .containsExactly(
                        "netty[workers.inbound=1,workers.stage=4]", "netty[workers.inbound=1,workers.stage=8]",
                        "netty[workers.inbound=2,workers.stage=4]", "netty[workers.inbound=2,workers.stage=8]");
    }

    @Test
    void badSweeps() {
        assertThatThrownBy(() -> SweepExpander.expand(
                        FrontEndListParser.parse("tomcat"), List.of(sweep("netty.workers.inbound=1,2"))))
                .hasMessage("--sweep netty.workers.inbound: no netty front end to sweep");
        assertThatThrownBy(() -> SweepExpander.expand(
                        FrontEndListParser.parse("netty"), List.of(sweep("netty.workers.inbound=1,,2"))))
                .hasMessageContaining("empty value");
        assertThatThrownBy(() -> sweep("workers.inbound=1,2")).hasMessageContaining("must start with the front end");
        assertThatThrownBy(() -> sweep("envoy.x=1"))
                .hasMessage("--sweep: 'envoy.x' must start with the front end it is for (netty., tomcat., nginx.,"
                        + " haproxy.)");
    }
}
