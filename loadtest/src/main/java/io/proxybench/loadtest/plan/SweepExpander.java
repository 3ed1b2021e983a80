package io.proxybench.loadtest.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Expands {@code --sweep kind.key=v1,v2,...}: every front end of that kind becomes one variant per
 * value, in value order; several sweeps multiply. Front ends of other kinds stay as they are.
 */
public final class SweepExpander {

    private SweepExpander() {}

    public static List<FrontEndSpec> expand(List<FrontEndSpec> frontEnds, List<KindSetting> sweeps)
            throws PlanException {
        List<FrontEndSpec> current = frontEnds;
        for (KindSetting sweep : sweeps) {
            String where = "--sweep " + sweep.kind().id() + "." + sweep.key();
            Set<String> values = new LinkedHashSet<>();
            for (String value : sweep.values()) {
                if (value.isBlank()) {
                    throw new PlanException(where + ": empty value in '" + sweep.value() + "'");
                }
                if (!values.add(value.trim())) {
                    throw new PlanException(where + ": value '" + value.trim() + "' is listed twice");
                }
            }
            List<FrontEndSpec> next = new ArrayList<>();
            boolean matched = false;
            for (FrontEndSpec spec : current) {
                if (spec.kind() != sweep.kind()) {
                    next.add(spec);
                    continue;
                }
                matched = true;
                for (String value : values) {
                    next.add(spec.with(Map.of(sweep.key(), value)));
                }
            }
            if (!matched) {
                throw new PlanException(where + ": no " + sweep.kind().id() + " front end to sweep");
            }
            current = next;
        }
        Set<String> labels = new LinkedHashSet<>();
        for (FrontEndSpec spec : current) {
            if (!labels.add(spec.label())) {
                throw new PlanException("front end '" + spec.label() + "' appears twice after --sweep");
            }
        }
        return current;
    }
}
