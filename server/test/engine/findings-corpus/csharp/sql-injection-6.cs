// expect: security/sql-injection@26
using System.Data;
using System.Data.SqlClient;
using System.Text;
using System.Web.Mvc;

namespace Intranet.Controllers
{
    public class OrdersController : Controller
    {
        private readonly string _connectionString;

        public OrdersController()
        {
            _connectionString = System.Configuration.ConfigurationManager.ConnectionStrings["Main"].ConnectionString;
        }

        public ActionResult Search()
        {
            var query = new StringBuilder("SELECT Id, Reference, Total FROM Orders WHERE 1 = 1");
            if (!string.IsNullOrEmpty(Request.QueryString["customer"]))
            {
                query.Append(" AND CustomerName = '").Append(Request.QueryString["customer"]).Append("'");
            }
            var table = new DataTable();
            using (var adapter = new SqlDataAdapter(query.ToString(), _connectionString))
            {
                adapter.Fill(table);
            }
            return View(table);
        }
    }
}
