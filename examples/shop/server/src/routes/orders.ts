import { Router } from "express";
import { findOrder, findUser, listOrders, newId, saveOrder } from "../lib/store";

export const ordersRouter = Router();

ordersRouter.get("/", async (req, res) => {
  const userId = typeof req.query.userId === "string" ? req.query.userId : undefined;
  const orders = await listOrders(userId);
  res.json({ orders, count: orders.length });
});

ordersRouter.post("/", async (req, res) => {
  const { userId, items } = req.body;
  if (!Array.isArray(items) || items.length === 0) {
    return res.status(422).json({ error: "an order needs at least one item" });
  }
  const user = await findUser(userId);
  if (!user) {
    return res.status(404).json({ error: "unknown user" });
  }
  const order = { id: newId(), userId, items, status: "open" as const, total: 0 };
  await saveOrder(order);
  res.status(201).json(order);
});

ordersRouter
  .route("/:id")
  .get(async (req, res) => {
    const order = await findOrder(req.params.id);
    if (!order) {
      return res.sendStatus(404);
    }
    res.json(order);
  })
  .patch(async (req, res) => {
    const order = await findOrder(req.params.id);
    if (!order) {
      return res.sendStatus(404);
    }
    if (order.status !== "open") {
      return res.status(409).json({ error: `order is ${order.status}` });
    }
    const updated = { ...order, items: req.body.items ?? order.items };
    await saveOrder(updated);
    res.json(updated);
  });

ordersRouter.post("/:id/cancel", async (req, res) => {
  const order = await findOrder(req.params.id);
  if (!order) {
    return res.sendStatus(404);
  }
  const cancelled = { ...order, status: "cancelled" as const };
  await saveOrder(cancelled);
  res.json(cancelled);
});
