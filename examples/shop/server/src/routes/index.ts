import { Router } from "express";
import usersRouter from "./users";
import { ordersRouter } from "./orders";

export const apiRouter = Router();

apiRouter.use("/users", usersRouter);
apiRouter.use("/orders", ordersRouter);
