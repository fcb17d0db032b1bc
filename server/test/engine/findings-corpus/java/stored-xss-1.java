// expect: security/stored-xss@28
import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.sql.DataSource;

public class CommentListServlet extends HttpServlet {
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        try (Connection conn = dataSource.getConnection();
                PreparedStatement ps = conn.prepareStatement("SELECT author, body FROM comments ORDER BY id DESC")) {
            ResultSet rs = ps.executeQuery();
            out.println("<ul>");
            while (rs.next()) {
                String author = rs.getString("author");
                out.println("<li><b>" + author + "</b> " + rs.getString("body") + "</li>");
            }
            out.println("</ul>");
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }
}
