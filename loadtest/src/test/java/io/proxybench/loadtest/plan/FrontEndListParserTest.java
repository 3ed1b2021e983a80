package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import org.junit.jupiter.api.Test;

class FrontEndListParserTest {

    @Test
    void plainKinds() throws PlanException {
        List<FrontEndSpec> specs = FrontEndListParser.parse("netty, tomcat,NGINX");
        assertThat(specs).extracting(FrontEndSpec::label).containsExactly("netty", "tomcat", "nginx");
        assertThat(specs)
                .extracting(FrontEndSpec::kind)
                .containsExactly(FrontEndKind.NETTY, FrontEndKind.TOMCAT, FrontEndKind.NGINX);
        assertThat(specs.get(0).settings()).isEmpty();
    }

    @Test
    void variantsKeepTheirTextAsLabelAndCarryTheirSettings() throws PlanException {
        List<FrontEndSpec> specs = FrontEndListParser.parse(
                "netty,netty[workers.inbound=1],netty[workers.stage=8,workers.outbound=2],tomcat[maxThreads=500]");
        assertThat(specs)
                .extracting(FrontEndSpec::label)
                .containsExactly(
                        "netty",
                        "netty[workers.inbound=1]",
                        "netty[workers.stage=8,workers.outbound=2]",
                        "tomcat[maxThreads=500]");
        assertThat(specs.get(1).settings()).containsExactly(entry("workers.inbound", "1"));
        assertThat(specs.get(2).settings())
                .containsExactly(entry("workers.stage", "8"), entry("workers.outbound", "2"));
        assertThat(specs.get(3).kind()).isEqualTo(FrontEndKind.TOMCAT);
    }

    @Test
    void directoryNamesAreSafe() throws PlanException {
        assertThat(FrontEndListParser.parse("netty[workers.stage=8]").get(0).directoryName())
                .isEqualTo("netty_workers.stage=8");
        assertThat(FrontEndSpec.plain(FrontEndKind.TOMCAT).directoryName()).isEqualTo("tomcat");
    }

    @Test
    void badInputIsNamed() {
        assertThatThrownBy(() -> FrontEndListParser.parse("netty,envoy"))
                .hasMessage("unknown front end 'envoy' (expected one of netty, tomcat, nginx, haproxy)");
        assertThatThrownBy(() -> FrontEndListParser.parse("netty,,tomcat")).hasMessageContaining("empty front end");
        assertThatThrownBy(() -> FrontEndListParser.parse("netty[workers.stage=8"))
                .hasMessageContaining("unclosed '['");
        assertThatThrownBy(() -> FrontEndListParser.parse("netty]")).hasMessageContaining("unbalanced ']'");
        assertThatThrownBy(() -> FrontEndListParser.parse("netty[workers.stage]"))
                .hasMessageContaining("'workers.stage' is not key=value");
        assertThatThrownBy(() -> FrontEndListParser.parse("netty[workers.stage=]"))
                .hasMessageContaining("has no value");
        assertThatThrownBy(() -> FrontEndListParser.parse("netty[a=1]x"))
                .hasMessageContaining("expected kind[key=value");
        assertThatThrownBy(() -> FrontEndListParser.parse("netty,netty")).hasMessageContaining("listed twice");
    }
}
