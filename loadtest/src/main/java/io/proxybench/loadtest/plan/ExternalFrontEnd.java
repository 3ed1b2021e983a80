package io.proxybench.loadtest.plan;

import io.proxybench.loadtest.template.PlaceholderTemplate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A front end started or reached from its definition: a run file's own, or the kit's bundled nginx
 * and HAProxy ones. Either a command the kit starts (with an optional config template rendered
 * beside it) or the address of a proxy already running.
 *
 * @param name         its label in tables and file names
 * @param command      the shell command that starts it, placeholders unrendered; null for {@code address}
 * @param config       the config template; null without one
 * @param settings     what a variant may set, each a placeholder of its templates
 * @param ready        when it is ready to take load
 * @param readyTimeout how long it may take to get there
 * @param env          extra environment of the command
 * @param stop         how the kit stops it
 * @param address      {@code host:port} of a proxy the kit neither starts nor stops; null for {@code command}
 * @param pid          the running proxy's process to sample; null when unknown
 * @param pidFile      a file holding that pid, read when the front end's turn comes; null when not given
 * @param definedIn    where the definition was read
 */
public record ExternalFrontEnd(
        String name,
        String command,
        ConfigTemplate config,
        DefinedSettings settings,
        ReadyCondition ready,
        Duration readyTimeout,
        Map<String, String> env,
        StopPolicy stop,
        String address,
        Long pid,
        Path pidFile,
        DefinitionSource definedIn) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    public ExternalFrontEnd {
        env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
    }

    /** The checks a definition passes before anything starts. */
    public static void checkName(String name) throws PlanException {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new PlanException("name '" + name + "': letters, digits, '.', '_' and '-' only");
        }
        if (FrontEndKind.byId(name).filter(FrontEndKind::isBuiltIn).isPresent()) {
            throw new PlanException("name '" + name + "' is a built-in front end; give yours another name");
        }
    }

    /** True when its command or config reads the run's TLS placeholders, so it can serve TLS. */
    public boolean servesTls() {
        return started()
                && (commandTemplate().uses("tls")
                        || (config != null && config.template().uses("tls")));
    }

    /** Its command as a template, placed at its definition's line. */
    public PlaceholderTemplate commandTemplate() {
        return new PlaceholderTemplate(command, definedIn.file(), definedIn.line());
    }

    /** True when the kit starts it; false for a proxy already running at {@link #address}. */
    public boolean started() {
        return command != null;
    }
}
