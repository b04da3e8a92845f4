import time
from tests.api.conftest import Api
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_until_finished


def test_proto(api: Api) -> None:
    t0 = time.perf_counter()
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 6, "target": 1})
    enter_bots(api, olga, t["id"], 64, kinds=("greedy", "random"))
    t1 = time.perf_counter()
    started = api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    print("start", started.body["current_round"])
    t2 = time.perf_counter()
    run_until_finished(api, t["id"])
    t3 = time.perf_counter()
    for n in range(1, 7):
        rnd = api.call("GET", f"/tournaments/{t['id']}/rounds/{n}").body
        for tb in rnd["tables"]:
            api.call("GET", f"/matches/{tb['games'][0]}")
    t4 = time.perf_counter()
    api.call("GET", f"/tournaments/{t['id']}/standings")
    t5 = time.perf_counter()
    print(t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
