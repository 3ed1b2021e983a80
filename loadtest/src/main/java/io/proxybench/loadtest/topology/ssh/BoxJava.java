package io.proxybench.loadtest.topology.ssh;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The Java a remote role starts: the kit builds its commands with its own JDK's {@code java}, and a
 * box has its JDK wherever it has it, so that path becomes the place's {@code java} from the hosts
 * file ({@code java} on the login's PATH unless the file names one).
 */
final class BoxJava {

    private BoxJava() {}

    /** Whether {@code program} is a {@code java} launcher (by its file name). */
    static boolean isJava(Path program) {
        return program.getFileName() != null && program.getFileName().toString().equals("java");
    }

    /** The kit's Java launchers among the programs the run starts, as the commands name them. */
    static Set<String> kitJavas(BoxNeeds needs) {
        return needs.executables().values().stream()
                .flatMap(List::stream)
                .filter(BoxJava::isJava)
                .map(Path::toString)
                .collect(Collectors.toUnmodifiableSet());
    }

    /** {@code command} with each argument that is one of {@code kitJavas} replaced by {@code java}. */
    static List<String> onBox(List<String> command, Set<String> kitJavas, String java) {
        List<String> out = new ArrayList<>(command.size());
        for (String arg : command) {
            out.add(kitJavas.contains(arg) ? java : arg);
        }
        return out;
    }
}
