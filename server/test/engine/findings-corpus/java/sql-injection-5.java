// expect: security/sql-injection@9
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

public class UserSearch {
    public PreparedStatement byName(Connection conn, String name, String sortColumn) throws SQLException {
        String sql = "SELECT * FROM users WHERE name LIKE ? ORDER BY " + sortColumn;
        PreparedStatement ps = conn.prepareStatement(sql);
        ps.setString(1, name + "%");
        return ps;
    }
}
