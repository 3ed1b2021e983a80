package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.topology.Role;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a run needs on the box of each role, checked before it starts: the programs it will start
 * there (by the paths it will use), the files they read (jars), and the largest step's connections.
 */
public record BoxNeeds(Map<Role, List<Path>> executables, Map<Role, List<Path>> files, int connections) {

    public static final BoxNeeds NONE = new BoxNeeds(Map.of(), Map.of(), 0);

    public BoxNeeds {
        executables = Map.copyOf(executables);
        files = Map.copyOf(files);
    }
}
