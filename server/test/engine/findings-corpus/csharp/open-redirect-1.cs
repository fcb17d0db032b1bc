// expect: security/open-redirect@25
using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Mvc;

namespace Portal.Web.Controllers;

public class AccountController : Controller
{
    private readonly SignInManager<AppUser> _signIn;

    public AccountController(SignInManager<AppUser> signIn)
    {
        _signIn = signIn;
    }

    [HttpPost]
    [ValidateAntiForgeryToken]
    public async Task<IActionResult> Login(LoginModel model, string returnUrl)
    {
        var result = await _signIn.PasswordSignInAsync(model.Email, model.Password, model.Remember, false);
        if (!result.Succeeded)
        {
            return View(model);
        }
        return Redirect(returnUrl ?? "/");
    }
}
