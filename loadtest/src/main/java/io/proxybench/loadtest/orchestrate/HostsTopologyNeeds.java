package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.generator.wrk.WrkScriptFile;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.GeneratorKind;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.ssh.BoxNeeds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a hosts-topology run will start on each role's box, by the paths the launchers use on this
 * machine (they run the same command there): Java and the jars, nginx, HAProxy, wrk and its script.
 */
final class HostsTopologyNeeds {

    private HostsTopologyNeeds() {}

    static BoxNeeds of(RunPlan plan, Path javaBinary, KitLayout layout) {
        Map<Role, List<Path>> executables = new EnumMap<>(Role.class);
        Map<Role, List<Path>> files = new EnumMap<>(Role.class);
        for (Role role : Role.values()) {
            executables.put(role, new ArrayList<>());
            files.put(role, new ArrayList<>());
        }
        executables.get(Role.ORIGIN).add(javaBinary);
        files.get(Role.ORIGIN).add(layout.originJar());
        for (FrontEndSpec spec : plan.frontEnds()) {
            if (spec.kind().isJvm()) {
                executables.get(Role.PROXY).add(javaBinary);
                files.get(Role.PROXY).add(layout.proxyJar(spec.kind().id(), spec.label()));
            } else if (spec.kind() == FrontEndKind.NGINX) {
                Executables.find("nginx").ifPresent(executables.get(Role.PROXY)::add);
            } else if (spec.kind() == FrontEndKind.HAPROXY) {
                Executables.find("haproxy").ifPresent(executables.get(Role.PROXY)::add);
            }
        }
        GeneratorKind generator = plan.load().generator();
        if (generator == GeneratorKind.WRK) {
            Executables.find("wrk").ifPresent(executables.get(Role.GENERATOR)::add);
            files.get(Role.GENERATOR).add(WrkScriptFile.shippable());
        } else if (generator == GeneratorKind.BUILTIN) {
            // the built-in generator runs on the kit's own JVM
            executables.get(Role.GENERATOR).add(Path.of(System.getProperty("java.home"), "bin", "java"));
            files.get(Role.GENERATOR).add(layout.loadgenJar());
        }
        Map<Role, List<Path>> distinctExecutables = new EnumMap<>(Role.class);
        executables.forEach((role, paths) ->
                distinctExecutables.put(role, paths.stream().distinct().toList()));
        Map<Role, List<Path>> distinctFiles = new EnumMap<>(Role.class);
        files.forEach((role, paths) ->
                distinctFiles.put(role, paths.stream().distinct().toList()));
        return new BoxNeeds(distinctExecutables, distinctFiles, plan.load().maxStep());
    }
}
