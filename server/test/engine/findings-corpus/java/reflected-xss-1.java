// expect: security/reflected-xss@18
import java.io.IOException;
import java.io.PrintWriter;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class SearchServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String term = request.getParameter("q");
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        out.println("<html><body>");
        if (term == null || term.isBlank()) {
            out.println("<p>Type something to search.</p>");
        } else {
            out.println("<h2>No results for " + term + "</h2>");
        }
        out.println("</body></html>");
    }
}
