// expect: security/sql-injection@16
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;

namespace Billing.Web.Controllers;

public class InvoicesController : Controller
{
    private readonly BillingContext _db;

    public InvoicesController(BillingContext db) => _db = db;

    public IActionResult Index()
    {
        var status = Request.Query["status"].ToString();
        var invoices = _db.Invoices
            .FromSqlRaw("SELECT * FROM Invoices WHERE Status = '" + status + "' ORDER BY IssuedAt DESC")
            .AsNoTracking()
            .ToList();
        return View(invoices);
    }
}
