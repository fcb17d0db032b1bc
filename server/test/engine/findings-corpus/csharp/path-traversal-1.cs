// expect: security/path-traversal@25
using Microsoft.AspNetCore.Mvc;

namespace Docs.Web.Controllers;

[ApiController]
[Route("attachments")]
public class AttachmentsController : ControllerBase
{
    private readonly IWebHostEnvironment _env;

    public AttachmentsController(IWebHostEnvironment env)
    {
        _env = env;
    }

    [HttpGet("{name}")]
    public IActionResult Download(string name)
    {
        var folder = Path.Combine(_env.ContentRootPath, "attachments");
        if (string.IsNullOrWhiteSpace(name))
        {
            return BadRequest();
        }
        return PhysicalFile(Path.Combine(folder, name), "application/octet-stream", name);
    }
}
