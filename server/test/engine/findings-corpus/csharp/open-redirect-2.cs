// silent: security/open-redirect
using Microsoft.AspNetCore.Mvc;

namespace Portal.Web.Controllers;

public class AccountController : Controller
{
    [HttpPost]
    public IActionResult Login(LoginModel model, string returnUrl)
    {
        if (!ModelState.IsValid)
        {
            return View(model);
        }
        if (Url.IsLocalUrl(returnUrl))
        {
            return Redirect(returnUrl);
        }
        return RedirectToAction("Index", "Home");
    }

    [HttpGet]
    public IActionResult Logout(string next) => LocalRedirect(next ?? "/");
}
