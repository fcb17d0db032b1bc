// expect: security/log-injection@22
using Microsoft.AspNetCore.Mvc;

namespace Auth.Api.Controllers;

[ApiController]
[Route("api/auth")]
public class AuthController : ControllerBase
{
    private readonly ILogger<AuthController> _logger;
    private readonly IUserStore _users;

    public AuthController(ILogger<AuthController> logger, IUserStore users)
    {
        _logger = logger;
        _users = users;
    }

    [HttpPost("login")]
    public IActionResult Login([FromForm] string username, [FromForm] string password)
    {
        _logger.LogInformation("Login attempt for " + username);
        if (!_users.Check(username, password))
        {
            return Unauthorized();
        }
        return Ok();
    }
}
