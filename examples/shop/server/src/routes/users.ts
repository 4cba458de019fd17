import express from "express";
import { findUser, findUserByEmail, insertUser, newId } from "../lib/store";

const router = express.Router();

router.get("/:id", async (req, res) => {
  const { id } = req.params;
  if (!id) {
    return res.status(400).json({ error: "id is required" });
  }
  const user = await findUser(id);
  if (!user) {
    return res.status(404).json({ error: "not found" });
  }
  res.json({ id: user.id, name: user.name, email: user.email });
});

router.post("/", async (req, res, next) => {
  try {
    const { name, email } = req.body;
    if (!name || !email) {
      return res.status(400).json({ error: "name and email are required" });
    }
    if (await findUserByEmail(email)) {
      return res.status(409).json({ error: "email already registered" });
    }
    const user = { id: newId(), name, email, createdAt: new Date().toISOString() };
    await insertUser(user);
    res.status(201).json(user);
  } catch (err) {
    next(err);
  }
});

export default router;
