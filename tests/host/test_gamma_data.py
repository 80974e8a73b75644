# The brightness row's gamma tables written out (firmware/drivers/gamma_data.py) are what
# host_tools/gamma_data.py writes from today's gamma curve and the row's percents.
from host_tools import gamma_data


def test_the_written_out_gamma_tables_are_up_to_date():
    with open(gamma_data.PATH) as f:
        assert f.read() == gamma_data.source(), "run python -m host_tools.gamma_data"
