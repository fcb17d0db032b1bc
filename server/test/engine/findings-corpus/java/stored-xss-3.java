// silent: security/stored-xss
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.springframework.web.util.HtmlUtils;

public class LeaderboardServlet extends HttpServlet {
    private Statement statement;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try {
            ResultSet rs = statement.executeQuery("SELECT nickname, score FROM scores ORDER BY score DESC");
            StringBuilder rowsHtml = new StringBuilder();
            while (rs.next()) {
                resp.getWriter().println("<tr><td>" + HtmlUtils.htmlEscape(rs.getString("nickname")) + "</td>");
                resp.getWriter().println("<td>" + rs.getInt("score") + "</td></tr>");
            }
        } catch (SQLException e) {
            resp.sendError(500);
        }
    }
}
