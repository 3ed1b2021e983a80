package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class CpuPinningTest {

    private static final SortedSet<Integer> FOUR = new TreeSet<>(java.util.List.of(0, 1, 2, 3));
    private static final SortedSet<Integer> TWO = new TreeSet<>(java.util.List.of(0, 1));

    @Test
    void eachRoleGetsItsListInTasksetSyntax() throws PlanException {
        CpuPinning p = CpuPinning.parse("generator=0,proxy=1-2,origin=0,3", FOUR);
        assertThat(p.lists())
                .containsExactly(Map.entry("generator", "0"), Map.entry("proxy", "1-2"), Map.entry("origin", "0,3"));
        assertThat(p.coresFor("generator", 4)).isEqualTo(1);
        assertThat(p.coresFor("proxy", 4)).isEqualTo(2);
        assertThat(p.coresFor("origin", 4)).isEqualTo(2);
        assertThat(p.describe()).isEqualTo("generator 0, proxy 1-2, origin 0,3");
    }

    @Test
    void aRoleLeftOutRunsOnEveryCpu() throws PlanException {
        CpuPinning p = CpuPinning.parse("Proxy = 1", TWO);
        assertThat(p.listFor("proxy")).isEqualTo("1");
        assertThat(p.listFor("generator")).isNull();
        assertThat(p.coresFor("generator", 2)).isEqualTo(2);
        assertThat(CpuPinning.parse(null, TWO).isEmpty()).isTrue();
    }

    @Test
    void rolesAreKeptInGeneratorProxyOriginOrder() throws PlanException {
        assertThat(CpuPinning.parse("origin=1,generator=0", TWO).lists().keySet())
                .containsExactly("generator", "origin");
    }

    @Test
    void badListsAreOneLineErrors() {
        assertThatThrownBy(() -> CpuPinning.parse("proxy=", TWO))
                .isInstanceOf(PlanException.class)
                .hasMessage("--cpus proxy: empty CPU list (write e.g. 0, 0-1 or 0,2)");
        assertThatThrownBy(() -> CpuPinning.parse("proxy=a", TWO)).hasMessageContaining("'a' is not a CPU or a range");
        assertThatThrownBy(() -> CpuPinning.parse("proxy=1-0", TWO))
                .hasMessage("--cpus proxy: range '1-0' runs backwards");
        assertThatThrownBy(() -> CpuPinning.parse("proxy=0-1-2", FOUR)).hasMessageContaining("'0-1-2' is not a CPU");
        assertThatThrownBy(() -> CpuPinning.parse("proxy=0,,1", TWO)).hasMessageContaining("'' is not a CPU");
        assertThatThrownBy(() -> CpuPinning.parse("0,1", TWO)).hasMessageContaining("must start with a role");
        assertThatThrownBy(() -> CpuPinning.parse("proxy=0,proxy=1", TWO))
                .hasMessage("--cpus: role 'proxy' is given twice");
    }

    @Test
    void anUnknownRoleNamesTheRoles() {
        assertThatThrownBy(() -> CpuPinning.parse("generator=0,nginx=1", TWO))
                .hasMessage("--cpus: unknown role 'nginx' (expected generator, proxy, origin)");
    }

    @Test
    void aCpuTheMachineDoesNotHaveIsRefused() {
        assertThatThrownBy(() -> CpuPinning.parse("generator=0,proxy=2", TWO))
                .hasMessage("--cpus proxy: CPU 2 does not exist on this machine (it has 0,1)");
        assertThatThrownBy(() -> CpuPinning.parse("origin=1-7", FOUR))
                .hasMessage("--cpus origin: CPU 4 does not exist on this machine (it has 0-3)");
    }

    @Test
    void rolesSharingACpuAreNamedWithTheCpu() throws PlanException {
        assertThat(CpuPinning.parse("generator=0,proxy=1,origin=1", TWO).sharedCpuWarnings())
                .containsExactly("proxy and origin share CPU 1: their CPU figures compete");
        assertThat(CpuPinning.parse("generator=0-3,proxy=2-3", FOUR).sharedCpuWarnings())
                .containsExactly("generator and proxy share CPUs 2,3: their CPU figures compete");
        assertThat(CpuPinning.parse("generator=0,proxy=1", TWO).sharedCpuWarnings())
                .isEmpty();
    }

    @Test
    void readsBackWhatRunJsonRecords() throws PlanException {
        CpuPinning p = CpuPinning.parse("generator=0,origin=1", TWO);
        Map<String, Object> json = new LinkedHashMap<>(p.lists());
        assertThat(CpuPinning.fromSettings(json)).isEqualTo(p);
        assertThat(CpuPinning.fromSettings(null).isEmpty()).isTrue();
    }
}
