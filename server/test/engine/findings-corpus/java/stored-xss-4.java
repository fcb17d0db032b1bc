// expect: security/stored-xss@30
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.sql.DataSource;

public class InboxServlet extends HttpServlet {
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        StringBuilder page = new StringBuilder("<table class=\"inbox\">");
        try (Connection conn = dataSource.getConnection();
                PreparedStatement ps = conn.prepareStatement("SELECT sender, subject FROM messages WHERE owner = ?")) {
            ps.setLong(1, (Long) request.getSession().getAttribute("uid"));
            ResultSet rs = ps.executeQuery();
            while (rs.next()) {
                page.append("<tr><td>").append(rs.getString("sender")).append("</td><td>")
                        .append(rs.getString("subject")).append("</td></tr>");
            }
            page.append("</table>");
            response.setContentType("text/html");
            response.getWriter().write(page.toString());
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}
