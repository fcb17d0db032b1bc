// expect: security/open-redirect@9
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/sso/callback", (HttpContext context) =>
{
    var target = context.Request.Query["target"].ToString();
    context.Response.Cookies.Append("sso", "1");
    return Results.Redirect(target);
});

app.Run();
