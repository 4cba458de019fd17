import { PrismaClient } from "@prisma/client";

// What the routes hand out. The tables behind them are in ../../prisma/schema.prisma.
export interface User {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

export interface Order {
  id: string;
  userId: string;
  items: { sku: string; quantity: number }[];
  status: "open" | "cancelled" | "shipped";
  total: number;
}

// One client for the process: it holds the connection pool.
export const prisma = new PrismaClient();

// The public fields of a user; the routes never hand out the rest of the row.
const userFields = { id: true, name: true, email: true, createdAt: true } as const;

type UserRow = { id: string; name: string; email: string; createdAt: Date };

type OrderRow = {
  id: string;
  userId: string;
  items: unknown;
  status: Order["status"];
  total: { toNumber(): number };
};

function toUser(row: UserRow): User {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

function toOrder(row: OrderRow): Order {
  return { ...row, items: row.items as Order["items"], total: row.total.toNumber() };
}

export async function findUser(id: string): Promise<User | undefined> {
  const row = await prisma.user.findUnique({ where: { id }, select: userFields });
  return row ? toUser(row) : undefined;
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const row = await prisma.user.findUnique({ where: { email }, select: userFields });
  return row ? toUser(row) : undefined;
}

export async function insertUser(user: User): Promise<void> {
  await prisma.user.create({
    data: {
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: new Date(user.createdAt),
    },
    select: { id: true },
  });
}

export async function listOrders(userId?: string): Promise<Order[]> {
  // An undefined userId leaves the filter out: every order.
  const rows = await prisma.order.findMany({ where: { userId } });
  return rows.map(toOrder);
}

export async function findOrder(id: string): Promise<Order | undefined> {
  const row = await prisma.order.findUnique({ where: { id } });
  return row ? toOrder(row) : undefined;
}

export async function saveOrder(order: Order): Promise<void> {
  const fields = {
    userId: order.userId,
    items: order.items,
    status: order.status,
    total: order.total,
  };
  await prisma.order.upsert({
    where: { id: order.id },
    create: { id: order.id, ...fields },
    update: fields,
  });
}

export function newId(): string {
  return Math.random().toString(36).slice(2, 10);
}
