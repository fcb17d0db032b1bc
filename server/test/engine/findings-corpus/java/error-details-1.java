// expect: security/error-details@13
import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class ReportServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try {
            resp.getWriter().write(Reports.render(req.getParameter("id")));
        } catch (Exception e) {
            e.printStackTrace(resp.getWriter());
        }
    }
}
