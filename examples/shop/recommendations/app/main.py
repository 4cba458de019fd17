from fastapi import FastAPI, HTTPException

from app.shop_client import fetch_user_name

app = FastAPI(title="shop recommendations")

# Products each known user is likely to buy next.
CATALOG = {
    "u1": [{"sku": "tea-01", "score": 0.92}, {"sku": "mug-02", "score": 0.71}],
    "u2": [{"sku": "pen-07", "score": 0.64}],
}


@app.get("/recommendations/{user_id}")
async def get_recommendations(user_id: str):
    items = CATALOG.get(user_id)
    if items is None:
        raise HTTPException(status_code=404, detail="unknown user")
    name = await fetch_user_name(user_id)
    return {"userId": user_id, "name": name, "items": items}
