import express from "express";
import { apiRouter } from "./routes";
import { requestLog } from "./lib/log";

export const app = express();

app.use(express.json());
app.use(requestLog);
app.use("/api", apiRouter);

app.get("/health", (_req, res) => {
  res.json({ ok: true });
});

if (require.main === module) {
  const port = Number(process.env.PORT ?? 3000);
  app.listen(port, () => console.log(`shop listening on ${port}`));
}
