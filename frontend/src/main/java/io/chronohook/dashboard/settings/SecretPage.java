package io.chronohook.dashboard.settings;

import io.chronohook.dashboard.backend.SigningSecret;

/**
 * The signing secret page: the secrets (printed only when {@code revealed}), the rotate form's choice and message,
 * and the verification snippets.
 */
public record SecretPage(SigningSecret secret, boolean revealed, String gracePeriod, String gracePeriodError) {

    /** Node, with npm {@code standardwebhooks} and Express. */
    public static final String NODE = """
            import { Webhook } from "standardwebhooks";
            const webhook = new Webhook(process.env.CHRONOHOOK_SIGNING_SECRET); // "whsec_…"
            app.post("/hook", express.raw({ type: "*/*" }), (req, res) => {
              try { webhook.verify(req.body.toString("utf8"), req.headers); } catch { return res.sendStatus(401); }
              res.sendStatus(200); // req.get("webhook-id") is the run id: your idempotency key
            });""";

    /** Python, with PyPI {@code standardwebhooks} and Flask. */
    public static final String PYTHON = """
            from standardwebhooks import Webhook
            webhook = Webhook(os.environ["CHRONOHOOK_SIGNING_SECRET"])  # "whsec_…"
            @app.post("/hook")
            def hook():
                try: webhook.verify(request.get_data(as_text=True), dict(request.headers))
                except Exception: return "bad signature", 401
                return "ok"  # request.headers["webhook-id"] is the run id: your idempotency key""";

    /** The secret as shown before it is revealed. */
    public static final String MASK = "whsec_••••••••••••••••••••••••";

    public String nodeSnippet() {
        return NODE;
    }

    public String pythonSnippet() {
        return PYTHON;
    }
}
