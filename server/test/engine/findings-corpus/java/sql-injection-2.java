// silent: security/sql-injection
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

public class AccountDao {
    private final Connection conn;

    public AccountDao(Connection conn) {
        this.conn = conn;
    }

    public ResultSet byOwner(String owner) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT id, balance FROM accounts WHERE owner = ?");
        ps.setString(1, owner);
        return ps.executeQuery();
    }
}
