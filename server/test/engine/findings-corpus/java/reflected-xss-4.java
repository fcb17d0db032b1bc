// silent: security/reflected-xss
import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.encoder.Encode;

public class GreetingServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String visitor = req.getParameter("visitor");
        resp.setContentType("text/html");
        resp.getWriter().write("<p>Hello, " + Encode.forHtml(visitor) + "</p>");
    }
}
