package io.proxybench.loadtest.plan;

import io.proxybench.loadtest.template.PlaceholderTemplate;

/**
 * A front end's config template, read once when its definition is checked, so that the file a run
 * renders is the one it was checked against.
 *
 * @param fileName the name it is rendered to in the front end's raw directory
 * @param text     the template
 * @param source   where it was read ({@code /path/envoy.yaml}, or the kit's bundled {@code nginx.conf})
 */
public record ConfigTemplate(String fileName, String text, String source) {

    public PlaceholderTemplate template() {
        return new PlaceholderTemplate(text, source, 1);
    }
}
