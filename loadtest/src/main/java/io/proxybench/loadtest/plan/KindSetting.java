package io.proxybench.loadtest.plan;

import java.util.List;

/**
 * A setting aimed at one kind of front end, spelled {@code kind.key=value}
 * (e.g. {@code netty.workers.stage=8}): the form of {@code --set}, {@code --netty.…} and
 * {@code --sweep}.
 */
public record KindSetting(FrontEndKind kind, String key, String value) {

    public static KindSetting parse(String text, String where) throws PlanException {
        Setting setting = Setting.parse(text, where);
        int dot = setting.key().indexOf('.');
        FrontEndKind kind = dot > 0 && dot < setting.key().length() - 1
                ? kindOf(setting.key().substring(0, dot))
                : null;
        if (kind == null) {
            throw new PlanException(where + ": '" + setting.key() + "' must start with the front end it is for ("
                    + FrontEndKind.allIds().replace(", ", "., ") + ".)");
        }
        return new KindSetting(kind, setting.key().substring(dot + 1), setting.value());
    }

    /** True when {@code key} begins with a front end kind and a dot, e.g. {@code netty.workers.stage}. */
    public static boolean startsWithKind(String key) {
        int dot = key.indexOf('.');
        return dot > 0 && kindOf(key.substring(0, dot)) != null;
    }

    private static FrontEndKind kindOf(String id) {
        for (FrontEndKind kind : FrontEndKind.values()) {
            if (kind.isBuiltIn() && kind.id().equals(id)) {
                return kind;
            }
        }
        return null;
    }

    /** For {@code --sweep}: the value is a comma-separated list, each element one variant. */
    public List<String> values() {
        return List.of(value.split(","));
    }
}
