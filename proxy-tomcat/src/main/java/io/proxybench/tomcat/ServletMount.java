package io.proxybench.tomcat;

import javax.servlet.Servlet;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;

/** Puts one servlet in charge of every path of an embedded context. */
final class ServletMount {

    private ServletMount() {}

    static void mount(Context context, String name, Servlet servlet) {
        context.setLoader(new ApplicationLoader());
        Wrapper wrapper = Tomcat.addServlet(context, name, servlet);
        wrapper.setLoadOnStartup(1);
        context.addServletMappingDecoded("/", name);
    }
}
