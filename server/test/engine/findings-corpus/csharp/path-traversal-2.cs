// silent: security/path-traversal
using Microsoft.AspNetCore.Mvc;

namespace Docs.Web.Controllers;

[ApiController]
[Route("attachments")]
public class AttachmentsController : ControllerBase
{
    private static readonly string Root = Path.GetFullPath("/srv/attachments");

    [HttpGet("{name}")]
    public IActionResult Download(string name)
    {
        var full = Path.GetFullPath(Path.Combine(Root, name));
        if (!full.StartsWith(Root + Path.DirectorySeparatorChar, StringComparison.Ordinal))
        {
            return NotFound();
        }
        return PhysicalFile(full, "application/octet-stream");
    }
}
